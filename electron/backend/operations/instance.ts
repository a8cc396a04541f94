import type { HandlerSlice } from '../../../shared/contract';
import type { ContextField, CreateContextField, Environment, Feature, Project, UpdateContextField } from '../../../shared/schemas';
import { toNull, type OnActiveBackend } from './on-active-backend';

/** What a backend reads of the instance's projects, environments, flags and context, and its few writes there. */
export interface InstanceOperations {
  listProjects(): Promise<Project[]>;
  listEnvironments(): Promise<Environment[]>;
  /** Non-archived flags of a project (summaries). */
  listProjectFeatures(input: { projectId: string }): Promise<Feature[]>;
  /** One flag with environments, strategies (ids, segments), dependencies and children. */
  getFeature(input: { projectId: string; featureName: string }): Promise<Feature>;
  listContextFields(): Promise<ContextField[]>;
  /** POST .../environments/{env}/on|off: 200 empty. */
  setFeatureEnvironmentEnabled(input: { projectId: string; featureName: string; environment: string; enabled: boolean }): Promise<void>;
  /** 201 with the field; 409 when the name is taken. */
  createContextField(input: CreateContextField): Promise<ContextField>;
  /** 200 empty; 404 when unknown; 6.x deletes whatever uses it, 8.x answers 409 while a flag strategy names it. */
  deleteContextField(input: { name: string }): Promise<void>;
  /** 200 empty; legal values replaced, stickiness defaulted, a description left out kept; 404 when unknown. */
  updateContextField(input: { name: string; update: UpdateContextField }): Promise<void>;
}

/** The instance reads the screens share: each one call on the active backend. */
export function instanceHandlers(onActiveBackend: OnActiveBackend<InstanceOperations>) {
  return {
    'instance.projects': () => onActiveBackend((backend) => backend.listProjects()),
    'instance.environments': () => onActiveBackend((backend) => backend.listEnvironments()),
    'instance.features': (input) => onActiveBackend((backend) => backend.listProjectFeatures(input)),
    'instance.feature': (input) => onActiveBackend((backend) => backend.getFeature(input)),
    'instance.contextFields': () => onActiveBackend((backend) => backend.listContextFields()),
    'contextFields.create': (input) => onActiveBackend((backend) => backend.createContextField(input)),
    'contextFields.update': (input) => onActiveBackend((backend) => backend.updateContextField(input)).then(toNull),
    'contextFields.delete': (input) => onActiveBackend((backend) => backend.deleteContextField(input)).then(toNull),
  } satisfies HandlerSlice;
}

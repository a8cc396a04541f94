import type { HandlerSlice } from '../../../shared/contract';
import type { ContextField, CreateContextField, Environment, Feature, Project } from '../../../shared/schemas';
import type { OnActiveBackend } from './on-active-backend';

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
  /** 200 empty; 404 when unknown. */
  deleteContextField(input: { name: string }): Promise<void>;
}

/** The instance reads the screens share: each one call on the active backend. */
export function instanceHandlers(onActiveBackend: OnActiveBackend<InstanceOperations>) {
  return {
    'instance.projects': () => onActiveBackend((backend) => backend.listProjects()),
    'instance.environments': () => onActiveBackend((backend) => backend.listEnvironments()),
    'instance.features': (input) => onActiveBackend((backend) => backend.listProjectFeatures(input)),
    'instance.feature': (input) => onActiveBackend((backend) => backend.getFeature(input)),
    'instance.contextFields': () => onActiveBackend((backend) => backend.listContextFields()),
  } satisfies HandlerSlice;
}

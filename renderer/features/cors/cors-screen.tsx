import { useMemo, useState } from 'react';
import {
  applyAllOriginFixes,
  ORIGINS_DANGER_TEXT,
  originsDanger,
  reviewOrigins,
  splitPastedOrigins,
} from '../../../shared/domain/origin';
import { CORS_SETTING_ENTITY } from '../../../shared/domain/event-entity';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorBanner } from '../../components/error-banner';
import { Loading } from '../../components/loading';
import { Notice } from '../../components/notice';
import { OriginsDangerNotice } from '../../components/origins-danger-notice';
import { PageHeader } from '../../components/page-header';
import { useActiveProfile } from '../../lib/active-profile';
import { useInstanceQuery } from '../../lib/instance-query';
import { clearDraft, readDraft, saveDraft } from '../../lib/session-draft';
import { ReadOnlyNotice, reviewLevel, useProtection, WriteFieldset } from '../connections';
import { EntityHistory } from '../events';
import { instanceQueries } from '../instance';
import { useSaveOrigins } from './api';
import styles from './cors.module.css';
import { OriginRows, type EditableRow } from './origin-rows';
import { PreflightTester } from './preflight-tester';

const TYPE_TO_CONFIRM = 'allow every origin';
const TYPE_TO_CUT_OFF = 'allow only these origins';

let nextKey = 0;
const toRows = (values: readonly string[]): EditableRow[] => values.map((value) => ({ key: nextKey++, value }));

/** The front-end API's allowed origins: one row per origin, the server's rules as you type, danger said plainly. */
export default function CorsScreen() {
  const config = useInstanceQuery(instanceQueries.uiConfig);
  const profile = useActiveProfile();
  // Unleash answers its default ['*'] until a list is stored
  const stored = config.data ? (config.data.frontendApiOrigins ?? ['*']) : null;
  return (
    <section aria-label="CORS origins">
      <PageHeader
        title="CORS"
        description="Web origins allowed to call the front-end API (/api/frontend) from a browser. The admin and client APIs are not affected."
      />
      <ReadOnlyNotice />
      {config.isError && <ErrorBanner error={config.error} action="Loading the origins" onRetry={() => void config.refetch()} />}
      {config.isPending && !config.isError && <Loading label="Loading the origins…" />}
      {stored && <CorsEditor key={profile?.id ?? ''} stored={stored} isDemo={profile?.kind !== 'remote'} draftKey={`cors.${profile?.id ?? ''}`} />}
    </section>
  );
}

/** Seeded once from the stored list (keyed by profile): later reloads never overwrite edits in progress. */
function CorsEditor({ stored, isDemo, draftKey }: { stored: string[]; isDemo: boolean; draftKey: string }) {
  const save = useSaveOrigins();
  const { level, profileName } = useProtection();
  // The unsaved lines and paste box outlive a remount (the screen's Retry) until a save succeeds.
  const [draft] = useState(() => readDraft<{ rows?: string[]; paste?: string | null }>(draftKey));
  const [rows, setRows] = useState<EditableRow[]>(() => toRows(Array.isArray(draft?.rows) ? draft.rows.map(String) : stored));
  const [paste, setPasteState] = useState<string | null>(() => (typeof draft?.paste === 'string' ? draft.paste : null));
  const remember = (nextRows: EditableRow[], nextPaste: string | null) => saveDraft(draftKey, { rows: nextRows.map((row) => row.value), paste: nextPaste });
  const setPaste = (next: string | null) => {
    setPasteState(next);
    remember(rows, next);
  };
  const [confirming, setConfirming] = useState(false);
  const [saved, setSaved] = useState(false);

  const values = useMemo(() => rows.map((row) => row.value), [rows]);
  const review = useMemo(() => reviewOrigins(values), [values]);
  const invalid = review.filter((row) => !row.check.valid).length;
  const duplicates = review.filter((row) => row.duplicateOf !== undefined).length;
  const danger = originsDanger(values);
  // The stored list allows every origin (* or empty) and the new one does not: every other site's front-end that
  // calls this server loses access on save.
  const cutsOff = originsDanger(stored) !== 'none' && danger === 'none';
  const changed = JSON.stringify(stored) !== JSON.stringify(values);

  const update = (next: EditableRow[], nextPaste = paste) => {
    setSaved(false);
    setRows(next);
    remember(next, nextPaste);
  };
  const doSave = () => {
    setConfirming(false);
    save.mutate(values, {
      onSuccess: () => {
        clearDraft(draftKey);
        setSaved(true);
      },
    });
  };

  return (
        <>
          <OriginsDangerNotice origins={values} />
          <p className="muted" aria-live="polite">
            {rows.length} {rows.length === 1 ? 'origin' : 'origins'}
            {invalid > 0 ? ` · ${invalid} to fix` : ''}
            {duplicates > 0 ? ` · ${duplicates} duplicate${duplicates === 1 ? '' : 's'}` : ''}
          </p>
          <WriteFieldset>
          <div className={styles.toolbar}>
            <button type="button" className="button" onClick={() => update([...rows, ...toRows([''])])}>
              Add origin
            </button>
            <button type="button" className="button" onClick={() => setPaste(paste === null ? '' : null)} aria-expanded={paste !== null}>
              Paste lines
            </button>
            <button
              type="button"
              className="button"
              onClick={() => update([...rows].sort((a, b) => a.value.localeCompare(b.value)))}
              disabled={rows.length < 2}
            >
              Sort
            </button>
            <button type="button" className="button" onClick={() => update(toRows(applyAllOriginFixes(values)))} disabled={invalid + duplicates === 0}>
              Fix all and remove duplicates
            </button>
          </div>
          {paste !== null && (
            <div className={styles.toolbar}>
              <label className={`field ${styles.pasteField}`}>
                <span>One origin per line</span>
                <textarea className={styles.paste} value={paste} onChange={(event) => setPaste(event.target.value)} />
              </label>
              <button
                type="button"
                className="button button-primary"
                onClick={() => {
                  update([...rows.filter((row) => row.value !== ''), ...toRows(splitPastedOrigins(paste))], null);
                  setPasteState(null);
                }}
              >
                Add these lines
              </button>
            </div>
          )}
          <OriginRows
            rows={rows}
            review={review}
            onChange={(key, value) => update(rows.map((row) => (row.key === key ? { key, value } : row)))}
            onRemove={(key) => update(rows.filter((row) => row.key !== key))}
          />
          {save.isError && <ErrorBanner error={save.error} action="Saving the origins" />}
          {saved && !changed && (
            <Notice tone="info" title="Saved">
              {isDemo ? 'The demo applies it at once.' : 'The server applies it within about 2 minutes (see the preflight tester below).'}
            </Notice>
          )}
          <div className="form-actions">
            <button
              type="button"
              className="button button-primary"
              disabled={!changed || invalid > 0 || duplicates > 0 || save.isPending}
              onClick={() => (danger === 'none' && level !== 'read-only' && !(cutsOff && level !== 'none') ? doSave() : setConfirming(true))}
            >
              {save.isPending ? 'Saving…' : 'Save origins'}
            </button>
            <button type="button" className="button" disabled={!changed} onClick={() => {
                update(toRows(stored));
                clearDraft(draftKey);
              }}>
              Discard changes
            </button>
            {(invalid > 0 || duplicates > 0) && <span className="field-error">Fix the marked rows to save.</span>}
          </div>
          </WriteFieldset>
          {confirming && cutsOff && (
            // Taking away "every origin" asks what the profile's level requires (none saves at once).
            <ConfirmDialog
              level={level}
              profileName={profileName}
              title="Stop allowing every origin?"
              name={TYPE_TO_CUT_OFF}
              confirmLabel="Save and allow only these origins"
              onCancel={() => setConfirming(false)}
              onConfirm={doSave}
              body={
                <>
                  <p>
                    The server allows every origin today. After this save, a web site whose origin is not in the list can no longer
                    call the front-end API from a browser: every other site's front-end that uses this server is cut off.
                  </p>
                  <p>The list becomes: {values.join(', ')}.</p>
                </>
              }
            />
          )}
          {confirming && !cutsOff && (
            // Allowing every origin asks what the profile's level requires (at least a click: the danger must be
            // read); a read-only profile refuses every save with the explanation.
            <ConfirmDialog
              level={danger === 'none' ? level : reviewLevel(level)}
              profileName={profileName}
              title="Allow every origin?"
              name={TYPE_TO_CONFIRM}
              confirmLabel="Save and allow every origin"
              onCancel={() => setConfirming(false)}
              onConfirm={doSave}
              body={
                <>
                  <p>{danger === 'none' ? '' : ORIGINS_DANGER_TEXT[danger]}</p>
                  <p>Any web site will be able to call this server's front-end API with a front-end token.</p>
                </>
              }
            />
          )}
          <PreflightTester isDemo={isDemo} />
          <section className={styles.section}>
            <EntityHistory
              entity={CORS_SETTING_ENTITY}
              onRestored={(write) => {
                // the rows show what the server now stores, as after a save
                if (write.kind !== 'cors') return;
                clearDraft(draftKey);
                setRows(toRows(write.origins));
                setSaved(true);
              }}
            />
          </section>
        </>
  );
}

'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Dialog, DialogActions, DialogSubmit } from '@/components/ui/Dialog';
import { Select } from '@/components/ui/Select';
import { dangerButton, secondaryButton } from '@/components/ui/buttons';
import { api, showError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { REQUEST_STATUSES } from '@/lib/requests/limits';
import { assigneesQuery, requestsKeys } from '@/lib/requests/queries';
import { alerts } from '@/lib/shell/alerts';

export type BulkDialog = 'assign' | 'status' | 'close' | null;

type Props = {
  ids: string[];
  dialog: BulkDialog;
  onDialog: (dialog: BulkDialog) => void;
  onDone: () => void;
};

/** What can be done to the selected requests at once: one API call per action, all or nothing. */
export function BulkBar({ ids, dialog, onDialog, onDone }: Props) {
  const t = useText('requests');
  const te = useText('errors');
  const client = useQueryClient();
  const count = ids.length;
  const run = useMutation({
    mutationFn: (json: Record<string, unknown>) => api<{ message: string }>('requests/bulk', { json: { ids, ...json } }),
    onSuccess: async (res) => {
      alerts.push({ type: 'success', text: res.message });
      onDialog(null);
      onDone();
      await client.invalidateQueries({ queryKey: requestsKeys.all });
    },
    onError: (error) => showError(error, te),
  });
  if (count === 0 && !dialog) return null;
  const close = () => onDialog(null);
  return (
    <>
      {count > 0 && (
        <div
          role="group"
          aria-label={t('bulkActions')}
          className="mt-3 flex flex-wrap items-center gap-2 rounded-card border border-line bg-surface-2 p-2"
          data-testid="bulk-bar"
        >
          <span className="px-1 text-sm font-medium" aria-live="polite">
            {t('selected', { count })}
          </span>
          <button type="button" className={secondaryButton} onClick={() => onDialog('assign')} aria-keyshortcuts="a" data-testid="bulk-assign">
            {t('bulkAssign')}
          </button>
          <button type="button" className={secondaryButton} onClick={() => onDialog('status')} data-testid="bulk-status">
            {t('bulkStatus')}
          </button>
          <button type="button" className={dangerButton} onClick={() => onDialog('close')} data-testid="bulk-close">
            {t('bulkClose')}
          </button>
          <button type="button" className="px-2 text-sm text-accent hover:underline" onClick={onDone}>
            {t('clearSelection')}
          </button>
        </div>
      )}
      {dialog === 'assign' && (
        <AssignDialog count={count} busy={run.isPending} onClose={close} onApply={(value) => run.mutate({ action: 'assign', assigneeId: value || null })} />
      )}
      {dialog === 'status' && (
        <ChoiceDialog
          title={t('bulkStatusTitle', { count })}
          label={t('statusLabel')}
          options={REQUEST_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          initial="open"
          busy={run.isPending}
          onClose={close}
          onApply={(value) => run.mutate({ action: 'status', status: value })}
        />
      )}
      {dialog === 'close' && (
        <ConfirmDialog
          title={t('bulkCloseTitle', { count })}
          text={t('bulkCloseText')}
          confirmLabel={t('bulkClose')}
          cancelLabel={t('cancel')}
          onClose={close}
          testId="bulk-close-dialog"
          onConfirm={async () => {
            try {
              await run.mutateAsync({ action: 'close' });
              return true;
            } catch {
              return false;
            }
          }}
        />
      )}
    </>
  );
}

/** The assignee for every selected request; the staff list is asked for when the dialog first opens. */
function AssignDialog({ count, busy, onClose, onApply }: { count: number; busy: boolean; onClose: () => void; onApply: (value: string) => void }) {
  const t = useText('requests');
  const te = useText('errors');
  const staff = useQuery(assigneesQuery());
  useEffect(() => {
    if (!staff.error) return;
    showError(staff.error, te);
    onClose();
  }, [staff.error, te, onClose]);
  return (
    <ChoiceDialog
      title={t('bulkAssignTitle', { count })}
      label={t('assigneeLabel')}
      options={[{ value: '', label: t('unassigned') }, ...(staff.data ?? []).map((p) => ({ value: p.id, label: p.name }))]}
      loading={!staff.data}
      busy={busy}
      onClose={onClose}
      onApply={onApply}
    />
  );
}

/** A dialog with one select and Apply: the assignee or the status for every selected request. */
function ChoiceDialog(props: {
  title: string;
  label: string;
  options: { value: string; label: string }[];
  initial?: string;
  /** The options are still on their way: nothing can be chosen or applied yet. */
  loading?: boolean;
  busy: boolean;
  onClose: () => void;
  onApply: (value: string) => void;
}) {
  const t = useText('requests');
  const ui = useText('ui');
  const id = useId();
  const [value, setValue] = useState(props.initial ?? props.options[0]?.value ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onApply(value);
  };
  return (
    <Dialog title={props.title} onClose={props.onClose} busy={props.busy} testId="bulk-dialog">
      <form onSubmit={submit} className="px-5 py-4">
        <span id={id} className="mb-1 block text-sm font-medium">
          {props.label}
        </span>
        <Select aria-labelledby={id} value={value} onChange={setValue} options={props.options} disabled={props.loading} testId="bulk-choice" />
        <DialogActions onCancel={props.onClose} cancelLabel={t('cancel')} busy={props.busy}>
          <DialogSubmit
            busy={props.busy || Boolean(props.loading)}
            label={t('bulkApply')}
            busyLabel={props.busy ? t('saving') : ui('loading')}
            testId="bulk-apply"
          />
        </DialogActions>
      </form>
    </Dialog>
  );
}

import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { CircleCheck, MessageSquareWarning, Plus } from 'lucide-react';
import { useState } from 'react';
import { Badge, type BadgeTone } from '~/components/ui/badge';
import { Button, IconButton } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { lazyPart } from '~/components/ui/lazy-part';
import { i18n } from '~/lib/i18n';
import { toast } from '~/lib/toast';
import { type ComplaintPriority, type ComplaintStatus, type DashboardSummary, useUpdateComplaintStatus } from '../api';
import { formatDate } from '../format';
import { ListSkeleton, listStyles, Panel } from './panel';

// Opened on a click: their code loads once the screen has drawn.
const LogComplaintDialog = lazyPart(() => import('./log-complaint-dialog').then((m) => m.LogComplaintDialog));

const PRIORITY_TONE: Record<ComplaintPriority, BadgeTone> = { high: 'danger', medium: 'warning', low: 'neutral' };
const STATUS_LABEL: Record<ComplaintStatus, MessageDescriptor> = {
  open: msg`Open`,
  'in-progress': msg`In progress`,
  resolved: msg`Resolved`,
  closed: msg`Closed`,
};
const PRIORITY_LABEL: Record<ComplaintPriority, MessageDescriptor> = {
  high: msg`High`,
  medium: msg`Medium`,
  low: msg`Low`,
};

const closeLabel = (title: string) => t`Close complaint: ${title}`;

export function RecentComplaints({ summary, failed }: { summary: DashboardSummary | undefined; failed: boolean }) {
  const [logging, setLogging] = useState(false);
  const updateStatus = useUpdateComplaintStatus();
  const complaints = summary?.recentComplaints.slice(0, 5);

  const closeComplaint = (id: string, title: string) => {
    updateStatus.mutate(
      { id, status: 'closed' },
      {
        onSuccess: () => toast.success(t`Complaint closed`, { description: title }),
        onError: (error) => toast.error(error.message),
      },
    );
  };

  return (
    <Panel
      title={t`Recent Complaints`}
      description={t`The latest complaints and their state`}
      busy={!summary && !failed}
      action={
        <Button size="sm" variant="outline" onClick={() => setLogging(true)} disabled={!summary}>
          <Plus size={16} aria-hidden="true" />
          <Trans>Log complaint</Trans>
        </Button>
      }
    >
      {!complaints ? (
        failed ? (
          <p className={listStyles.meta}>
            <Trans>Complaints could not be loaded.</Trans>
          </p>
        ) : (
          <ListSkeleton />
        )
      ) : complaints.length === 0 ? (
        <EmptyState as="h3" icon={MessageSquareWarning} title={t`No complaints available`} />
      ) : (
        <ul className={listStyles.list}>
          {complaints.map((complaint) => {
            const closing = updateStatus.isPending && updateStatus.variables?.id === complaint._id;
            const done = complaint.status === 'closed' || complaint.status === 'resolved';
            return (
              <li key={complaint._id} className={listStyles.item}>
                <div className={listStyles.main}>
                  <span className={listStyles.title}>{complaint.title}</span>
                  <span className={listStyles.meta}>
                    {complaint.initiatedBy} · {formatDate(complaint.date)} · {i18n._(STATUS_LABEL[complaint.status])}
                  </span>
                </div>
                <div className={listStyles.end}>
                  <Badge tone={PRIORITY_TONE[complaint.priority]} textTransform="capitalize">
                    {i18n._(PRIORITY_LABEL[complaint.priority])}
                  </Badge>
                  {done ? null : (
                    <IconButton
                      size="sm"
                      label={closeLabel(complaint.title)}
                      disabled={closing}
                      aria-busy={closing || undefined}
                      onClick={() => closeComplaint(complaint._id, complaint.title)}
                    >
                      <CircleCheck size={18} aria-hidden="true" />
                    </IconButton>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {summary ? <LogComplaintDialog open={logging} onOpenChange={setLogging} today={summary.today} /> : null}
    </Panel>
  );
}

import { formatEuro } from '@im/domain';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatNumber } from '../../../ui/format';
import type { PipelineLead } from '../types';
import classes from './pipeline-card.module.css';

const DAY_MS = 86_400_000;

export function daysInStage(startedAt: string | null, now = Date.now()): number | null {
  if (!startedAt) return null;
  const started = new Date(startedAt).getTime();
  return Number.isNaN(started) ? null : Math.max(0, Math.floor((now - started) / DAY_MS));
}

/** The pipeline lead's fields; memoised because a board can hold thousands of them. */
export const PipelineCard = memo(function PipelineCard({
  lead,
  isOverlay,
}: {
  lead: PipelineLead;
  isOverlay?: boolean;
}) {
  const { t } = useTranslation();
  const days = daysInStage(lead.flowstage_start_at);
  return (
    <div
      className={isOverlay ? `${classes.card} ${classes.overlay}` : classes.card}
      data-drag-overlay={isOverlay || undefined}
    >
      <div className={classes.row}>
        {/* Pressing the name opens the flow instead of starting a drag. */}
        <Link
          className={classes.name}
          to={`/flow_detail/${lead.flow_id}`}
          onPointerDown={(event) => event.stopPropagation()}
        >
          {lead.relation_fullname}
        </Link>
        {lead.flow_status === 'unread' && <span className={classes.unread}>{t('pipeline.card.unread')}</span>}
      </div>
      {lead.flow_description && <div className={classes.description}>{lead.flow_description}</div>}
      {lead.flow_phase_description && <div className={classes.phase}>{lead.flow_phase_description}</div>}
      {(lead.partner || lead.partner_project) && (
        <div className={classes.dimmed}>
          {[lead.partner, lead.partner_project].filter(Boolean).join(' · ')}
        </div>
      )}
      {lead.flow_tags.length > 0 && (
        <div className={classes.tags}>
          {lead.flow_tags.map((tag) => (
            <span key={tag} className={classes.tag}>
              {tag}
            </span>
          ))}
        </div>
      )}
      <div className={classes.dimmed}>
        {[lead.flow_lead_source, lead.user_fullname].filter(Boolean).join(' · ')}
      </div>
      {lead.kpi_values.length > 0 && (
        <div className={classes.kpis} title={t('pipeline.card.kpis')}>
          {lead.kpi_values.map((k) => (
            <span key={`${k.unit}-${k.value}`} className={classes.kpi}>
              {formatNumber(k.value)} {k.unit}
            </span>
          ))}
        </div>
      )}
      <div className={classes.row}>
        <span className={classes.dimmed}>
          {formatDate(lead.date_lead)}
          {days !== null && ` · ${t('pipeline.card.daysInStage', { count: days })}`}
        </span>
        {lead.amount_inc_vat !== null && (
          <span className={classes.amount} title={t('pipeline.card.amount')}>
            {formatEuro(lead.amount_inc_vat)}
          </span>
        )}
      </div>
    </div>
  );
});

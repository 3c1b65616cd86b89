// Demo task context types: the demo task templates prepare a form of their kind on the flow, and the
// project templates also a delivery report (Opleverrapport). Runs after the planning, documents and forms
// demos (it needs their templates, document types and forms); a company that has context types keeps them.
import { TASK_TYPE_VERTICAL, type TaskType } from '@im/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { company } from '../../platform/db/tables/companies.schema';
import { documentType } from '../../platform/db/tables/documents.schema';
import { vertical } from '../../platform/db/tables/forms.schema';
import { task } from '../../platform/db/tables/planning.schema';
import { taskContextType } from '../../platform/db/tables/task-contexts.schema';
import type { Logger } from '../../platform/logger';
import { createContextType } from '../planning';
import { findUserByEmail } from '../users';
import { CRM_DEMO } from './crm-demo-data';

export async function loadTaskContextsDemoData(db: Database, logger: Logger): Promise<void> {
  let made = 0;
  for (const demo of CRM_DEMO) {
    const [target] = await db.platform((tx) =>
      tx.select({ id: company.id }).from(company).where(eq(company.name, demo.company)),
    );
    if (!target) continue;
    const entered = await db.platform((tx) => findUserByEmail(tx, demo.enteredBy));
    if (!entered) continue;
    await db.tenant({ companyId: target.id, userId: entered.id }, async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext('installatiemanager:task-contexts-demo'), ${target.id})`,
      );
      const [existing] = await tx.select({ id: taskContextType.id }).from(taskContextType).limit(1);
      if (existing) return;
      const templates = await tx
        .select({ id: task.id, type: task.type })
        .from(task)
        .where(eq(task.isTemplate, true))
        .orderBy(asc(task.id));
      const forms = await tx
        .select({ id: vertical.id, type: vertical.type })
        .from(vertical)
        .where(eq(vertical.archived, false))
        .orderBy(asc(vertical.id));
      const [report] = await tx
        .select({ id: documentType.id })
        .from(documentType)
        .where(and(eq(documentType.description, 'Opleverrapport'), isNull(documentType.systemKind)));
      for (const template of templates) {
        const wanted = TASK_TYPE_VERTICAL[template.type as TaskType];
        const form = wanted && forms.find((f) => f.type === wanted);
        if (form) {
          await createContextType(tx, { task_id: template.id, vertical_id: form.id });
          made++;
        }
        if (template.type === 'uitvoering' && report) {
          await createContextType(tx, { task_id: template.id, document_type_id: report.id });
          made++;
        }
      }
    });
  }
  logger.info({ contextTypes: made }, 'demo task context types loaded');
}

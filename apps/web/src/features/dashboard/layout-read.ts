import type { DashboardUsecase } from '@im/domain';
import { buildUrl } from '../../api/url';

/** The dashboard's layout read (`GET /api/user/getdashboard`), as its query and the login screen ask it. */
export function dashboardLayoutUrl(usecase: DashboardUsecase | undefined): string {
  return buildUrl('/api/user/getdashboard', usecase ? { usecase } : {});
}

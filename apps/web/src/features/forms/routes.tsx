import { lazy } from 'react';
import type { ScreenEntry } from '../../api/route-types';

const intake = (name: 'IntakeOverviewScreen' | 'IntakeDetailScreen' | 'IntakeTemplateDetailScreen') =>
  lazy(() => import('./screens/intake-screens').then((m) => ({ default: m[name] })));
const project = (name: 'ProjectOverviewScreen' | 'ProjectDetailScreen' | 'ProjectTemplateDetailScreen') =>
  lazy(() => import('./screens/project-screens').then((m) => ({ default: m[name] })));
const settings = (
  name:
    | 'IntakeSettingsScreen'
    | 'ProjectSettingsScreen'
    | 'AftercareSettingsScreen'
    | 'CalculationSettingsScreen',
) => lazy(() => import('./screens/stage-settings.screen').then((m) => ({ default: m[name] })));
const AftercareDetailScreen = lazy(() =>
  import('./screens/aftercare-detail.screen').then((m) => ({ default: m.AftercareDetailScreen })),
);

export const formsScreens: ScreenEntry[] = [
  { path: '/intake_overview', Screen: intake('IntakeOverviewScreen') },
  { path: '/intake_detail/:intakeId', Screen: intake('IntakeDetailScreen') },
  { path: '/intaketemplate_detail/:intaketemplateId', Screen: intake('IntakeTemplateDetailScreen') },
  { path: '/project_overview', Screen: project('ProjectOverviewScreen') },
  { path: '/project_detail/:projectId', Screen: project('ProjectDetailScreen') },
  { path: '/projecttemplate_detail/:projecttemplateId', Screen: project('ProjectTemplateDetailScreen') },
  { path: '/aftercare_detail/:flowId', Screen: AftercareDetailScreen },
  { path: '/account/company_intakesettings', Screen: settings('IntakeSettingsScreen') },
  { path: '/account/company_projectsettings', Screen: settings('ProjectSettingsScreen') },
  { path: '/account/company_aftercaresettings', Screen: settings('AftercareSettingsScreen') },
  { path: '/account/company_calculationsettings', Screen: settings('CalculationSettingsScreen') },
];

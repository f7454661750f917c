import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import { createElement, lazy } from 'react';
import type { ResourceModule } from '../resource-module';

const TemplateList = lazy(() => import('./MessageTemplates').then((module) => ({ default: module.TemplateList })));
const TemplateEdit = lazy(() => import('./MessageTemplates').then((module) => ({ default: module.TemplateEdit })));

/** The messages the product sends customers: each kind on or off, its texts in each language. */
const messageTemplates: ResourceModule = {
  name: 'message-templates',
  list: TemplateList,
  icon: MarkEmailReadIcon,
  menuOrder: 38,
  grants: { list: 'messages.manage', edit: 'messages.manage' },
  routes: [{ path: '/message-templates/:kind/texts', element: createElement(TemplateEdit), title: 'Message template' }],
  api: { path: 'message-templates', recordPath: (kind) => `message-templates/${encodeURIComponent(kind)}`, readOnly: true },
};

export default messageTemplates;

import {
  checkMergeTags,
  exampleMergeData,
  MERGE_TAGS,
  renderMergeTags,
  zMergeTagList,
  zMergeTagPreview,
  zMergeTagPreviewRequest,
} from '@im/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { moduleRoute } from '../../platform/http/access';

const CRM = { access: moduleRoute('CRM') };

/** The merge tags and their preview (decision 019). */
export async function mergeTagRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/mergetags',
    {
      config: CRM,
      schema: { summary: 'Every merge tag with an example value', response: { 200: zMergeTagList } },
    },
    () => [...MERGE_TAGS],
  );
  r.post(
    '/api/mergetags/preview',
    {
      config: CRM,
      schema: {
        summary: 'A text filled with example values, or the problem with its merge tags',
        body: zMergeTagPreviewRequest,
        response: { 200: zMergeTagPreview },
      },
    },
    (request) => {
      const problem = checkMergeTags(request.body.text);
      if (problem) return { text: '', problem };
      return {
        text: renderMergeTags(request.body.text, exampleMergeData(), { html: request.body.html }),
        problem: null,
      };
    },
  );
}

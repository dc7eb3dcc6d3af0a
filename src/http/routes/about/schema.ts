import Type from 'typebox';
import { OpenObject, ReportSchema } from '../../schemas.js';

export const AboutReport = ReportSchema(
  Type.Object({
    service: Type.String(),
    compat_revision: Type.String(),
    content: OpenObject(),
  }),
  Type.Literal('report'),
);

export const aboutSchema = {
  tags: ['meta'],
  summary: 'Service facts and the content attribution clients must show',
  security: [],
  response: { 200: AboutReport },
};

export const openApiSchema = { hide: true };

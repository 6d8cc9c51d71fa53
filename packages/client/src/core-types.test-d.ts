// The client restates the API's shapes instead of depending on @quire/core (whose zod and LiquidJS it would pull
// in): these type tests keep the copies equal to core's, so that a change there fails here first.
import type * as core from '@quire/core';
import { describe, expectTypeOf, it } from 'vitest';
import type * as client from './index';

describe('the shapes @quire/core defines', () => {
  it('are the same in the client', () => {
    expectTypeOf<client.ErrorCode>().toEqualTypeOf<core.ErrorCode>();
    expectTypeOf<client.ErrorType>().toEqualTypeOf<core.ErrorType>();
    expectTypeOf<client.PlanId>().toEqualTypeOf<core.PlanId>();
    expectTypeOf<client.Plan>().toEqualTypeOf<core.Plan>();
    expectTypeOf<client.PlanLimits>().toEqualTypeOf<core.PlanLimits>();
    expectTypeOf<client.PlanRendering>().toEqualTypeOf<core.PlanRendering>();
    expectTypeOf<client.Role>().toEqualTypeOf<core.Role>();
    expectTypeOf<client.AssignableRole>().toEqualTypeOf<core.AssignableRole>();
    expectTypeOf<client.TemplateKind>().toEqualTypeOf<core.TemplateKind>();
    expectTypeOf<client.PageSetup>().toEqualTypeOf<core.PageSetup>();
    expectTypeOf<client.TemplateContent>().toEqualTypeOf<core.TemplateContent>();
    expectTypeOf<client.ReportFormat>().toEqualTypeOf<core.ReportFormat>();
    expectTypeOf<client.ReportStatus>().toEqualTypeOf<core.ReportStatus>();
    expectTypeOf<client.RenderTimings>().toEqualTypeOf<core.ReportTimings>();
    expectTypeOf<client.RenderWarning>().toEqualTypeOf<core.RenderWarning>();
    expectTypeOf<client.WebhookEventType>().toEqualTypeOf<core.WebhookEventType>();
  });

  it('match core’s objects, with the fields the API adds', () => {
    expectTypeOf<core.Template>().toExtend<client.Template>();
    expectTypeOf<client.Template>().toExtend<core.Template>();
    expectTypeOf<client.Report>().toExtend<core.Report>();
    expectTypeOf<client.VerifyWebhookResult>().toEqualTypeOf<core.VerifyWebhookResult>();
  });
});

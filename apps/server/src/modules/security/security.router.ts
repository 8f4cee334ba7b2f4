import {
  ZExternalIntegrations,
  ZExternalIntegrationsInput,
  ZExternalTestInput,
  ZExternalTestResult,
  ZSecurityRules,
} from '@cartera/domain/security';
import { roleProcedure, router } from '../../trpc/init';
import { auditBy } from '../audit/audit.service';
import { securityRules, updateSecurityRules } from './security-rules.service';
import {
  externalIntegrations,
  testExternalIntegration,
  updateExternalIntegrations,
} from './external-system.service';

/**
 * 'Mi Empresa' › 'Seguridad e integraciones' (issue #17): the company's password policy and its
 * external contact system, for those who configure security (comercial and admins).
 */
const manageProcedure = roleProcedure('configureSecurity');

export const securityRouter = router({
  rules: manageProcedure
    .meta({
      description:
        "The company's password policy (01 §7 securityrule): the minimum length (at least the product's 6) and the expiry in days since the last change (0 = never).",
    })
    .output(ZSecurityRules)
    .query(({ ctx }) => securityRules(ctx.db, ctx.tenantId)),

  updateRules: manageProcedure
    .meta({
      description:
        "Replaces the company's password policy: a minimum from 6 to 64 and an expiry from 0 to 3650 days (Spanish field errors otherwise). A user who signs in with a shorter or an expired password must change it first; the change-password checklist asks for the new minimum. Audited (before and after).",
    })
    .input(ZSecurityRules)
    .output(ZSecurityRules)
    .mutation(({ ctx, input }) => updateSecurityRules(ctx.db, ctx.tenantId, input, auditBy(ctx))),

  externalIntegrations: manageProcedure
    .meta({
      description:
        "The company's external contact system (02 §4, §7): name and its validate, create and update addresses, and whether a token is set; never the token. Null when none is connected.",
    })
    .output(ZExternalIntegrations)
    .query(({ ctx }) => externalIntegrations(ctx.db, ctx.tenantId)),

  updateExternalIntegrations: manageProcedure
    .meta({
      description:
        'Sets the external contact system (a token left out keeps the stored one, which is kept encrypted) or, with null, disconnects it. Addresses the outbound guard refuses (loopback, private, link-local unless the operator allows them) are field errors; answers without the token. Audited (the name and addresses before and after, and whether the token was replaced; never the token).',
    })
    .input(ZExternalIntegrationsInput)
    .output(ZExternalIntegrations)
    .mutation(({ ctx, input }) =>
      updateExternalIntegrations(ctx.db, ctx.tenantId, input, auditBy(ctx)),
    ),

  testExternalIntegration: manageProcedure
    .meta({
      description:
        "'Probar conexión': asks the validate address about a made-up contact through the outbound guard, with the form's values (token left out: the stored one) or the saved system; answers the outcome (ok, unauthorized, httpError, unexpectedAnswer, unreachable, notAllowed) with its Spanish sentence. Nothing is created or stored.",
      errors: ['DISABLED_FEATURE'],
    })
    .input(ZExternalTestInput)
    .output(ZExternalTestResult)
    .mutation(({ ctx, input }) =>
      testExternalIntegration(ctx.db, ctx.tenantId, input.externalSystem),
    ),
});

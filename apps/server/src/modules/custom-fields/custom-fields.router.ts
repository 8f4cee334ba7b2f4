import { z } from 'zod';
import { CUSTOM_FIELD_ENTITIES } from '@cartera/domain/custom-fields';
import { roleProcedure, router, tenantProcedure } from '../../trpc/init';
import {
  addSharedOption,
  changeField,
  checkUniqueValue,
  createField,
  editSharedOption,
  fieldsForForm,
  loadFields,
  removeSharedOption,
  ZCustomField,
  ZCustomFieldInput,
  ZSharedOption,
  ZSharedOptionInput,
} from './custom-fields.service';

const ZEntity = z.enum(CUSTOM_FIELD_ENTITIES);
const manageProcedure = roleProcedure('admin', 'comercial', 'project_manager');

export const customFieldsRouter = router({
  /** The fields a contact or company form shows this user (visibility rules applied). */
  forForm: tenantProcedure
    .input(z.object({ entity: ZEntity, mode: z.enum(['create', 'edit']) }))
    .output(z.array(ZCustomField))
    .query(({ ctx, input }) => fieldsForForm(ctx.db, ctx.user, input.entity, input.mode)),

  /** Every definition, active or not, for the administration of fields. */
  list: manageProcedure
    .input(z.object({ entity: ZEntity }))
    .output(z.array(ZCustomField))
    .query(({ ctx, input }) => loadFields(ctx.db, ctx.tenantId, input.entity)),

  create: manageProcedure
    .input(ZCustomFieldInput)
    .output(ZCustomField)
    .mutation(({ ctx, input }) => createField(ctx.db, ctx.tenantId, input)),

  update: manageProcedure
    .input(
      z.object({
        id: z.string().uuid(),
        data: ZCustomFieldInput.omit({ entity: true, code: true, type: true }).partial(),
      }),
    )
    .output(ZCustomField)
    .mutation(({ ctx, input }) => changeField(ctx.db, ctx.tenantId, input.id, input.data)),

  /** 02 §5: a unique field's value, checked while typing (after a 500 ms pause in the web). */
  checkUnique: tenantProcedure
    .input(
      z.object({
        entity: ZEntity,
        code: z.string().min(1).max(60),
        value: z.unknown(),
        exceptId: z.string().uuid().optional(),
      }),
    )
    .output(
      z.object({
        success: z.boolean(),
        existingId: z.string().nullable(),
        itsMine: z.boolean(),
        error: z.string().nullable(),
      }),
    )
    .query(({ ctx, input }) => checkUniqueValue(ctx.db, ctx.user, input)),

  createSharedOption: tenantProcedure
    .input(z.object({ fieldId: z.string().uuid(), data: ZSharedOptionInput }))
    .output(ZSharedOption)
    .mutation(({ ctx, input }) => addSharedOption(ctx.db, ctx.tenantId, input.fieldId, input.data)),

  updateSharedOption: tenantProcedure
    .input(
      z.object({
        fieldId: z.string().uuid(),
        code: z.string().min(1).max(100),
        data: ZSharedOptionInput,
      }),
    )
    .output(ZSharedOption)
    .mutation(({ ctx, input }) =>
      editSharedOption(ctx.db, ctx.tenantId, input.fieldId, input.code, input.data),
    ),

  deleteSharedOption: tenantProcedure
    .input(z.object({ fieldId: z.string().uuid(), code: z.string().min(1).max(100) }))
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await removeSharedOption(ctx.db, ctx.tenantId, input.fieldId, input.code);
      return { ok: true as const };
    }),
});

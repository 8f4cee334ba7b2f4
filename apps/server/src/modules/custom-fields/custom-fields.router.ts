import { z } from 'zod';
import { CUSTOM_FIELD_ENTITIES } from '@cartera/domain/custom-fields';
import { changeOf } from '@cartera/domain/input';
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
const manageProcedure = roleProcedure('configureCompany');

export const customFieldsRouter = router({
  forForm: tenantProcedure
    .meta({
      description:
        'The active custom fields a contact or company form shows the caller in `mode` (02 §5: fields disabled for users only to super and comercial, read-only fields not when creating), with their shared options.',
    })
    .input(z.object({ entity: ZEntity, mode: z.enum(['create', 'edit']) }))
    .output(z.array(ZCustomField))
    .query(({ ctx, input }) => fieldsForForm(ctx.db, ctx.user, input.entity, input.mode)),

  list: manageProcedure
    .meta({
      description:
        'Every custom field definition of an entity, active or not, with its shared options, for the administration of fields.',
    })
    .input(z.object({ entity: ZEntity }))
    .output(z.array(ZCustomField))
    .query(({ ctx, input }) => loadFields(ctx.db, ctx.tenantId, input.entity)),

  create: manageProcedure
    .meta({
      description:
        'Defines a new custom field of contacts or companies; its code must be new for the entity (CUSTOM_FIELD_CODE_TAKEN) and `minChars` may not exceed `maxChars`.',
      errors: ['CUSTOM_FIELD_CODE_TAKEN'],
    })
    .input(ZCustomFieldInput)
    .output(ZCustomField)
    .mutation(({ ctx, input }) => createField(ctx.db, ctx.tenantId, input)),

  update: manageProcedure
    .meta({
      description:
        'Changes a custom field definition; its entity, code and type never change, and `minChars` may not exceed `maxChars`. Answers the field with its shared options.',
      errors: ['CUSTOM_FIELD_NOT_FOUND'],
    })
    .input(
      z.object({
        id: z.string().uuid(),
        data: changeOf(ZCustomFieldInput.omit({ entity: true, code: true, type: true })),
      }),
    )
    .output(ZCustomField)
    .mutation(({ ctx, input }) => changeField(ctx.db, ctx.tenantId, input.id, input.data)),

  checkUnique: tenantProcedure
    .meta({
      description:
        "Whether a value of a unique custom field is free (02 §5; the web checks while typing, after a 500 ms pause), leaving out the record `exceptId`. When taken it answers the holder's id, whether it is the caller's own contact and the Spanish text; a field that is not unique, or an empty value, is always free.",
      errors: ['CUSTOM_FIELD_NOT_FOUND'],
    })
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
    .meta({
      description:
        'Adds an option (name and colours) to a field of type sharedmultioptions, shared by every record of the company; answers it with its generated code.',
      errors: ['CUSTOM_FIELD_NOT_FOUND'],
    })
    .input(z.object({ fieldId: z.string().uuid(), data: ZSharedOptionInput }))
    .output(ZSharedOption)
    .mutation(({ ctx, input }) => addSharedOption(ctx.db, ctx.tenantId, input.fieldId, input.data)),

  updateSharedOption: tenantProcedure
    .meta({
      description: 'Renames or recolours one option of a sharedmultioptions field.',
      errors: ['CUSTOM_FIELD_NOT_FOUND', 'SHARED_OPTION_NOT_FOUND'],
    })
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
    .meta({
      description: 'Deletes one option of a sharedmultioptions field.',
      errors: ['CUSTOM_FIELD_NOT_FOUND', 'SHARED_OPTION_NOT_FOUND'],
    })
    .input(z.object({ fieldId: z.string().uuid(), code: z.string().min(1).max(100) }))
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await removeSharedOption(ctx.db, ctx.tenantId, input.fieldId, input.code);
      return { ok: true as const };
    }),
});

import { Fragment, type ReactNode } from 'react';
import { Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  CONTACT_DETAIL_MAX,
  isKnownFormKind,
  type ContactFormItem,
} from '@cartera/domain/contact-form';
import { es } from '@cartera/domain/i18n';
import type { RouterOutputs } from '../../../lib/api-types';
import { CustomFieldInput, CustomFieldsInputs } from '../../custom-fields/custom-field-input';
import type { CustomFieldsForm } from '../../custom-fields/use-custom-fields-form';
import { AddressInput } from '../../places/address-input';
import { CompanyRowsInput } from './company-rows-input';
import { EmailRowsInput } from './email-rows-input';
import { PhoneRowsInput, type PhoneActions } from './phone-rows-input';
import { sheetBlocks } from './sheet-items';
import type { ContactFormConfig } from './sheet-values';
import type { ContactDetail } from '../contact-format';
import type { ContactSheetState, Origin } from './use-contact-sheet';

type Tag = RouterOutputs['catalog']['tags'][number];

/**
 * The sheet's fields in the definition's order (02 §4): the fixed kinds, the phone, e-mail and
 * company rows, the address and the configurable fields, short kinds two to a row.
 */
export function SheetFields({
  sheet,
  items,
  contact,
  config,
  tags,
  origins,
  actions,
}: {
  sheet: ContactSheetState;
  items: readonly ContactFormItem[];
  contact?: ContactDetail;
  config: ContactFormConfig;
  tags: Tag[];
  origins: Origin[];
  /** The popover's actions on a number another contact has. */
  actions: PhoneActions;
}) {
  const { values, setValues, set, touch, shownError, clearServerErrors, custom, mode, context } =
    sheet;
  const { country, flags } = config;
  // Kinds the company's form definition makes required ('Mi Empresa').
  const required = (kind: string) => flags.requiredKinds?.includes(kind) === true;
  const placedCodes = new Set(
    items.filter((item) => item.kind === 'additionalData' && item.code).map((item) => item.code),
  );
  const tagOptions = [
    ...tags.filter((tag) => tag.active).map((tag) => ({ value: tag.code, label: tag.name })),
  ];
  if (values.statusTag && !tagOptions.some((option) => option.value === values.statusTag)) {
    const known = tags.find((tag) => tag.code === values.statusTag);
    tagOptions.push({ value: values.statusTag, label: known?.name ?? values.statusTag });
  }
  const originOptions = origins
    .filter((origin) => origin.active)
    .map((origin) => ({ value: origin.code, label: origin.name }));
  if (values.origin && !originOptions.some((option) => option.value === values.origin)) {
    const known = origins.find((origin) => origin.code === values.origin);
    originOptions.push({ value: values.origin, label: known?.name ?? values.origin });
  }
  const sectorNames = Object.fromEntries(
    (contact?.affiliations ?? [])
      .filter((row) => row.sectorId && row.sectorName)
      .map((row) => [row.sectorId!, row.sectorName!]),
  );
  const detailLength = values.detail.trim().length;

  function field(item: ContactFormItem): ReactNode {
    if (!isKnownFormKind(item.kind)) {
      return (
        <Text size="sm" c="red.7" data-kind={item.kind}>
          {es.contacts.unknownKind}
        </Text>
      );
    }
    switch (item.kind) {
      case 'firstName':
        return (
          <TextInput
            label={es.contacts.firstName}
            withAsterisk
            value={values.firstName}
            onChange={(event) => set('firstName', event.currentTarget.value)}
            onBlur={() => touch('firstName')}
            error={shownError('firstName')}
          />
        );
      case 'lastName':
        return (
          <TextInput
            label={es.contacts.lastName}
            withAsterisk={required('lastName')}
            value={values.lastName}
            onChange={(event) => set('lastName', event.currentTarget.value)}
            onBlur={() => touch('lastName')}
            error={shownError('lastName')}
          />
        );
      case 'govId':
        return (
          <TextInput
            label={es.contacts.govId}
            withAsterisk={required('govId')}
            value={values.govId}
            onChange={(event) => set('govId', event.currentTarget.value)}
            onBlur={() => touch('govId')}
            error={shownError('govId')}
          />
        );
      case 'phones':
        return (
          <PhoneRowsInput
            rows={values.phones}
            onChange={(rows) => {
              set('phones', rows);
              // A server message about one number no longer holds once any number changes.
              clearServerErrors('phones');
            }}
            country={country}
            contactId={contact?.id}
            withExtension={flags.internalPhoneNumbers}
            required={!context.hasChannels && !flags.phoneOptional}
            errorOf={(key) => shownError(`phones.${key}.phone`)}
            extensionErrorOf={(key) => shownError(`phones.${key}.extensionNumber`)}
            onBlur={(key) => touch(`phones.${key}.phone`)}
            onCheck={(key, rowCheck) =>
              sheet.setPhoneStates((current) =>
                current[key] === rowCheck.state ? current : { ...current, [key]: rowCheck.state },
              )
            }
            actions={actions}
          />
        );
      case 'emails':
        return (
          <EmailRowsInput
            rows={values.emails}
            onChange={(rows) => set('emails', rows)}
            required={required('emails')}
            errorOf={(key) => shownError(`emails.${key}`)}
            onBlur={(key) => touch(`emails.${key}`)}
          />
        );
      case 'statusTag':
        return (
          <Select
            label={es.contacts.statusTag}
            withAsterisk={flags.requiredTags || required('statusTag')}
            placeholder={es.fields.selectPlaceholder}
            data={tagOptions}
            value={values.statusTag}
            clearable={!flags.requiredTags && !required('statusTag')}
            searchable
            onChange={(next) => set('statusTag', next)}
            onBlur={() => touch('statusTag')}
            error={shownError('statusTag')}
            comboboxProps={{ withinPortal: true }}
          />
        );
      case 'origin':
        return (
          <>
            <Select
              label={es.contacts.origin}
              withAsterisk={required('origin') && mode === 'create'}
              placeholder={es.fields.selectPlaceholder}
              data={originOptions}
              value={values.origin}
              clearable
              searchable
              // 02 §4: the origin cannot be changed while editing.
              disabled={mode === 'edit'}
              onChange={(next) => set('origin', next)}
              onBlur={() => touch('origin')}
              error={shownError('origin')}
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput
              label={es.contacts.originText}
              value={values.originText}
              disabled={mode === 'edit'}
              maxLength={CONTACT_DETAIL_MAX}
              onChange={(event) => set('originText', event.currentTarget.value)}
              onBlur={() => touch('originText')}
              error={shownError('originText')}
            />
          </>
        );
      case 'location':
        return (
          <Stack gap="xs">
            <AddressInput
              label={es.contacts.location}
              required={flags.locationRequired || required('location')}
              value={values.contactLocation}
              onChange={(next) =>
                set(
                  'contactLocation',
                  next ? { ...next, extraInfo: values.contactLocation?.extraInfo ?? null } : null,
                )
              }
              onBlur={() => touch('contactLocation')}
              error={shownError('contactLocation')}
            />
            {values.contactLocation && (
              <TextInput
                label={es.contacts.locationComment}
                value={values.contactLocation.extraInfo ?? ''}
                maxLength={CONTACT_DETAIL_MAX}
                onChange={(event) => {
                  const extraInfo = event.currentTarget.value;
                  setValues((current) => ({
                    ...current,
                    contactLocation: current.contactLocation
                      ? { ...current.contactLocation, extraInfo }
                      : null,
                  }));
                }}
              />
            )}
          </Stack>
        );
      case 'affiliatedCompanyGroup':
        return (
          <CompanyRowsInput
            rows={values.affiliatedCompanyGroup}
            onChange={(rows) => {
              set('affiliatedCompanyGroup', rows);
              touch('affiliatedCompanyGroup');
            }}
            required={flags.requiredCompany || required('affiliatedCompanyGroup')}
            error={shownError('affiliatedCompanyGroup')}
            errorOf={(key, part) => shownError(`affiliatedCompanyGroup.${key}.${part}`)}
            sectorNames={sectorNames}
          />
        );
      case 'detail':
        return (
          <Textarea
            label={es.contacts.detail}
            withAsterisk={required('detail')}
            autosize
            minRows={2}
            maxRows={6}
            value={values.detail}
            onChange={(event) => set('detail', event.currentTarget.value)}
            onBlur={() => touch('detail')}
            error={shownError('detail')}
            description={`${detailLength}/${CONTACT_DETAIL_MAX}`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            styles={{
              description: {
                textAlign: 'right',
                color: detailLength > CONTACT_DETAIL_MAX ? 'var(--mantine-color-red-7)' : undefined,
              },
            }}
          />
        );
      case 'additionalData':
        return item.code ? (
          <OneCustomField form={custom} code={item.code} recordId={contact?.id} />
        ) : (
          <CustomFieldsInputs
            form={{
              ...custom,
              fields: custom.fields.filter((each) => !placedCodes.has(each.code)),
            }}
            entity="contact"
            recordId={contact?.id}
          />
        );
    }
  }

  return (
    <>
      {sheetBlocks(items).map((block) =>
        block.short ? (
          <SimpleGrid key={block.key} cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            {block.items.map((item) => (
              <Fragment key={`${item.kind}:${item.code ?? ''}`}>{field(item)}</Fragment>
            ))}
          </SimpleGrid>
        ) : (
          <Fragment key={block.key}>{field(block.items[0]!)}</Fragment>
        ),
      )}
    </>
  );
}

/** `additionalData` with a code: that one field, or 'Campo adicional no reconocido'. */
function OneCustomField({
  form,
  code,
  recordId,
}: {
  form: CustomFieldsForm;
  code: string;
  recordId?: string;
}) {
  const field = form.fields.find((each) => each.code === code);
  if (!field) {
    return (
      <Text size="sm" c="red.7" data-field={code}>
        {es.fields.unknownAdditional}
      </Text>
    );
  }
  return (
    <CustomFieldInput
      field={field}
      entity="contact"
      mode={form.isReadOnly(field) ? 'read' : 'edit'}
      recordId={recordId}
      value={form.valueOf(field.code)}
      onChange={(next) => form.setValue(field.code, next)}
      onBlur={() => form.blur(field.code)}
      error={form.errorOf(field.code)}
      unique={field.uniqueField ? form.uniqueOf(field.code) : undefined}
    />
  );
}

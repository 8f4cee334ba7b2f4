import { SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isFieldVisible } from '@cartera/domain/custom-fields';
import { es } from '@cartera/domain/i18n';
import { useTRPC } from '../../lib/trpc';
import { useMe } from '../auth/session';
import { CustomFieldValues } from '../custom-fields/custom-field-values';
import { useUserNames } from '../pickers/users-picker';
import { Panel } from '../../ui/panel';
import { DetailItem } from '../../ui/detail-item';
import {
  defaultFieldLabel,
  isDefaultFieldHidden,
  type CompaniesSettings,
  type CompanyDetail,
} from './companies-settings';

function orEmpty(value: string | null | undefined) {
  return value?.trim() ? (
    value
  ) : (
    <Text span size="sm" c="dimmed">
      {es.fields.emptyValue}
    </Text>
  );
}

/**
 * 'Información general': every field of the company, read-only, configurable ones through their
 * renderer. The company page and the conversation's company drawer show it. `columns` is 1 in
 * the drawer's narrow width.
 */
export function CompanyGeneralInfo({
  company,
  settings,
  columns = 2,
}: {
  company: CompanyDetail;
  settings: CompaniesSettings;
  columns?: 1 | 2;
}) {
  const trpc = useTRPC();
  const fields = useQuery(
    trpc.customField.forForm.queryOptions({ entity: 'company', mode: 'edit' }),
  );
  const me = useMe();
  const shown = (fields.data ?? []).filter((field) =>
    isFieldVisible(field, me?.user.roles ?? [], 'edit'),
  );
  const managers = useUserNames([company.managerId]);
  const shows = (key: Parameters<typeof isDefaultFieldHidden>[1]) =>
    !isDefaultFieldHidden(settings, key);

  return (
    <Panel titleId="general-title" title={es.companies.generalInfo} gap="md">
      <SimpleGrid cols={{ base: 1, sm: columns }} spacing="md" verticalSpacing="md">
        <DetailItem label={es.companies.businessName}>{company.businessName}</DetailItem>
        {shows('displayName') && (
          <DetailItem label={defaultFieldLabel(settings, 'displayName', es.companies.displayName)}>
            {orEmpty(company.displayName)}
          </DetailItem>
        )}
        {shows('taxCode') && (
          <DetailItem label={defaultFieldLabel(settings, 'taxCode', settings.taxCodeLabel)}>
            {orEmpty(company.taxCode)}
          </DetailItem>
        )}
        {shows('origin') && (
          <DetailItem label={defaultFieldLabel(settings, 'origin', es.companies.origin)}>
            {orEmpty(company.origin)}
          </DetailItem>
        )}
        <DetailItem label={es.companies.manager}>
          {company.managerId ? (managers[company.managerId] ?? es.app.loading) : orEmpty(null)}
        </DetailItem>
        {shows('hasSectors') && (
          <DetailItem label={defaultFieldLabel(settings, 'hasSectors', es.companies.hasSectors)}>
            {company.hasSectors ? es.companies.yes : es.companies.no}
          </DetailItem>
        )}
      </SimpleGrid>
      {shows('description') && (
        <DetailItem label={defaultFieldLabel(settings, 'description', es.companies.description)}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {orEmpty(company.description)}
          </Text>
        </DetailItem>
      )}
      {shows('direction') && (
        <DetailItem label={defaultFieldLabel(settings, 'direction', es.companies.direction)}>
          {orEmpty(company.direction?.formatted_address)}
        </DetailItem>
      )}
      <CustomFieldValues entity="company" fields={shown} values={company.additionalData} />
    </Panel>
  );
}

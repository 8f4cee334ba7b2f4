import { useState } from 'react';
import { Alert, Badge, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog, useRemoval } from '../../ui/confirm-dialog';
import { DataTable, EditRemoveActions, type TableQuery } from '../../ui/data-table';
import { Panel } from '../../ui/panel';
import { QueryLoading } from '../../ui/query-error';
import { codeColumn } from './config-table';
import { asInput, useSaveSaleConfig, type Editing, type Template } from './sale-config-save';
import { TemplateDialog } from './sale-template-dialog';

const t = es.fieldsConfig.sale;

/**
 * 'Configuración de ventas' (01 §3, 03 §3; issue #17): presales on or off, the sale templates
 * (code, structure, default, sale and bubble titles, the fields the bubble hides) and the
 * presale template. Each change saves the whole configuration at once (sale-config-save); a
 * template is edited in its dialog (sale-template-dialog).
 */
export function SaleConfigEditor() {
  const trpc = useTRPC();
  const config = useQuery(trpc.receipt.saleConfig.queryOptions());
  const toggle = useSaveSaleConfig();
  const removing = useRemoval<NonNullable<Editing>>();
  const removal = useSaveSaleConfig({ onSaved: removing.close });
  const [editing, setEditing] = useState<Editing>(null);
  const data = config.data;

  if (!data) {
    return (
      <Panel titleId="company-sale-config" title={t.title}>
        <QueryLoading query={config} />
      </Panel>
    );
  }
  const failure = toggle.error;
  const target = removing.item;
  const removed =
    target?.kind === 'presale'
      ? data.presaleTemplate
      : target?.index != null
        ? data.templates[target.index]
        : undefined;
  /** The configuration without the template asked about. */
  const without = (template: NonNullable<Editing>) =>
    template.kind === 'presale'
      ? { ...asInput(data), presaleTemplate: null }
      : {
          ...asInput(data),
          templates: asInput(data).templates.filter((_, at) => at !== template.index),
        };
  return (
    <>
      <Panel titleId="company-sale-config" title={t.title}>
        <Switch
          label={t.presale}
          description={t.presaleHint}
          checked={data.presale}
          disabled={toggle.isPending}
          onChange={(event) =>
            toggle.mutate({ ...asInput(data), presale: event.currentTarget.checked })
          }
        />
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {userMessageOf(failure)}
          </Alert>
        )}
      </Panel>
      <Panel
        titleId="company-sale-templates"
        title={t.templatesTitle}
        action={{
          label: t.createTemplate,
          onClick: () => setEditing({ kind: 'sale', index: null }),
        }}
      >
        <Text size="sm" c="dimmed">
          {t.templatesIntro}
        </Text>
        <TemplatesTable
          query={config}
          titleId="company-sale-templates"
          templates={data.templates}
          empty={t.empty}
          onEdit={(index) => setEditing({ kind: 'sale', index })}
          onRemove={(index) => removing.ask({ kind: 'sale', index })}
        />
      </Panel>
      <Panel
        titleId="company-presale-template"
        title={t.presaleTemplateTitle}
        action={
          data.presaleTemplate
            ? undefined
            : { label: t.createPresaleTemplate, onClick: () => setEditing({ kind: 'presale' }) }
        }
      >
        {data.presaleTemplate ? (
          <TemplatesTable
            query={config}
            titleId="company-presale-template"
            templates={[data.presaleTemplate]}
            presale
            empty={t.noPresaleTemplate}
            onEdit={() => setEditing({ kind: 'presale' })}
            onRemove={() => removing.ask({ kind: 'presale' })}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t.noPresaleTemplate}
          </Text>
        )}
      </Panel>
      <ConfirmDialog
        title={format(t.remove, { name: removed?.saleTitle || removed?.code || '' })}
        confirmLabel={es.fields.delete}
        reversible
        {...removing.dialog(removal, without)}
      >
        <Text size="sm">{t.removeHint}</Text>
      </ConfirmDialog>
      {editing && (
        <TemplateDialog
          key={editing.kind === 'sale' ? `sale:${editing.index ?? 'new'}` : 'presale'}
          config={data}
          editing={editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

function TemplatesTable({
  query,
  titleId,
  templates,
  empty,
  onEdit,
  onRemove,
  presale = false,
}: {
  query: TableQuery;
  titleId: string;
  templates: Template[];
  empty: string;
  /** The presale template: alone, so never 'Por defecto'. */
  presale?: boolean;
  onEdit: (index: number) => void;
  onRemove: (index: number) => void;
}) {
  return (
    <DataTable
      query={query}
      items={templates}
      rowKey={(template) => template.code}
      labelledBy={titleId}
      minWidth={560}
      empty={empty}
      columns={[
        codeColumn<Template>(t.code),
        {
          key: 'saleTitle',
          header: t.saleTitle,
          cell: (template) => (
            <Text size="sm" fw={600}>
              {template.saleTitle ?? ''}
              {template.default && !presale && (
                <Badge size="sm" variant="light" color="teal" ml="xs">
                  {t.defaultBadge}
                </Badge>
              )}
            </Text>
          ),
        },
        {
          key: 'bubbleTitle',
          header: t.bubbleTitle,
          cell: (template) => <Text size="sm">{template.bubbleTitle ?? ''}</Text>,
        },
        {
          key: 'structureType',
          header: t.structureType,
          cell: (template) => <Text size="sm">{t.structures[template.structureType]}</Text>,
        },
      ]}
      actions={{
        label: es.company.actions,
        width: 90,
        cell: (template) => {
          const name = template.saleTitle || template.code;
          const index = templates.indexOf(template);
          return (
            <EditRemoveActions
              editLabel={format(t.edit, { name })}
              removeLabel={format(t.remove, { name })}
              onEdit={() => onEdit(index)}
              onRemove={() => onRemove(index)}
            />
          );
        },
      }}
    />
  );
}

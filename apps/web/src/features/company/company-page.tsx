import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { es } from '@cartera/domain/i18n';
import { can, canOpen } from '@cartera/domain/policy';
import { guardUserOf, useMe } from '../auth/session';
import { ArchivingReasonsEditor } from './archiving-reasons-editor';
import { ConversationRulesEditor } from './conversation-rules-editor';
import { OriginsEditor } from './origins-editor';
import { ShortcutsEditor } from './shortcuts-editor';
import { StatusTagsEditor } from './status-tags-editor';
import { VisitCommentEditor, VisitResultsEditor } from './visit-results-editor';
import { ConfigPage } from './config-page';
import { MeetingsCompanyPanel } from '../meetings/meetings-company-panel';

const text = es.company;

/**
 * '/company' 'Mi Empresa' (01 §2, §6; issue #17): the configuration editors of 03 §3 that the
 * company's sellers meet in their conversations and contacts: archiving reasons, status tags,
 * origins, shortcuts, visit results and their comment rules, and the conversation's roles and
 * crmConfig. The other editors of issue #17 come later (docs/decisions.md).
 */
export function CompanyPage() {
  const me = useMe();
  const mayEdit = me ? can(me.user, 'configureCompany') : false;
  return (
    <ConfigPage
      title={text.title}
      intro={text.intro}
      refusal={
        !mayEdit && (
          <>
            {text.notForRole}
            {me && canOpen(guardUserOf(me), '/company/users') && (
              <Text size="sm" mt="xs">
                <Anchor size="sm" renderRoot={(props) => <Link to="/company/users" {...props} />}>
                  {text.notForRoleUsers}
                </Anchor>
              </Text>
            )}
          </>
        )
      }
    >
      <ArchivingReasonsEditor />
      <StatusTagsEditor />
      <OriginsEditor />
      <ShortcutsEditor />
      <VisitResultsEditor />
      <VisitCommentEditor />
      <ConversationRulesEditor />
      {me && canOpen(guardUserOf(me), '/company') && mayEdit && <MeetingsCompanyPanel />}
    </ConfigPage>
  );
}

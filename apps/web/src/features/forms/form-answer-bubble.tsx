import { Stack, Text } from '@mantine/core';
import type { FormAnswerContent } from '@cartera/domain/forms';
import { es, format } from '@cartera/domain/i18n';

const t = es.forms.bubble;

/** The timeline bubble of a form a customer filled (issue #42 item 3): its name and answers. */
export function FormAnswerBubble({ content }: { content: FormAnswerContent }) {
  return (
    <Stack gap={4} data-testid="form-answer">
      <Text size="sm" fw={600}>
        {format(t.title, { name: content.formName })}
      </Text>
      {content.answers.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.empty}
        </Text>
      ) : (
        <Stack gap={2} component="dl" m={0}>
          {content.answers.map((answer, index) => (
            <Text key={index} size="sm" style={{ wordBreak: 'break-word' }}>
              <Text span fw={500} component="dt" display="inline">
                {answer.label}:
              </Text>{' '}
              <Text span component="dd" display="inline" m={0}>
                {answer.value}
              </Text>
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

import { List, Stack, Text, Title } from '@mantine/core';
import { type AgreementRun, agreementBlocks } from '../../../../domain/agreement.ts';

function Runs({ runs }: { runs: readonly AgreementRun[] }) {
  return runs.map((run, index) => {
    const lines = run.text.split('\n');
    const text = lines.flatMap((line, position) =>
      // biome-ignore lint/suspicious/noArrayIndexKey: a run's lines are a fixed sequence
      position === 0 ? [line] : [<br key={`br-${position}`} />, line],
    );
    if (run.bold && run.italic)
      return (
        // biome-ignore lint/suspicious/noArrayIndexKey: runs are a fixed sequence of one text
        <strong key={index}>
          <em>{text}</em>
        </strong>
      );
    // biome-ignore lint/suspicious/noArrayIndexKey: runs are a fixed sequence of one text
    if (run.bold) return <strong key={index}>{text}</strong>;
    // biome-ignore lint/suspicious/noArrayIndexKey: runs are a fixed sequence of one text
    if (run.italic) return <em key={index}>{text}</em>;
    // biome-ignore lint/suspicious/noArrayIndexKey: runs are a fixed sequence of one text
    return <span key={index}>{text}</span>;
  });
}

/**
 * A rental agreement's text, drawn from the blocks of domain/agreement.ts as React elements: never
 * HTML from the owner, so nothing in it can run or restyle the page.
 */
export function AgreementText({ body, headingOffset = 1 }: { body: string; headingOffset?: 1 | 2 }) {
  const blocks = agreementBlocks(body);
  return (
    <Stack gap="sm">
      {blocks.map((block, index) => {
        const key = `${block.type}-${index}`;
        if (block.type === 'heading') {
          const order = Math.min(6, block.level + headingOffset) as 2 | 3 | 4 | 5;
          return (
            <Title key={key} order={order} size={order <= 2 ? 'h3' : 'h4'}>
              <Runs runs={block.runs} />
            </Title>
          );
        }
        if (block.type === 'paragraph') {
          return (
            <Text key={key}>
              <Runs runs={block.runs} />
            </Text>
          );
        }
        return (
          <List key={key} type={block.ordered ? 'ordered' : 'unordered'} start={block.start} spacing={4}>
            {block.items.map((item, position) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: list items are in a fixed order
              <List.Item key={position}>
                <Runs runs={item} />
              </List.Item>
            ))}
          </List>
        );
      })}
    </Stack>
  );
}

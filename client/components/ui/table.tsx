import { ark } from '@ark-ui/react/factory';
import type { ComponentProps } from 'react';
import { createStyleContext } from 'styled-system/jsx';
import { table } from 'styled-system/recipes';

const { withProvider, withContext } = createStyleContext(table);

/** The bordered, scrollable frame around a table; its header stays in view while the body scrolls. */
export const Scroller = withProvider(ark.div, 'scroller');
export const Root = withContext(ark.table, 'root');
export const Caption = withContext(ark.caption, 'caption');
export const Head = withContext(ark.thead, 'head');
export const Header = withContext(ark.th, 'header');
export const Body = withContext(ark.tbody, 'body');
export const Row = withContext(ark.tr, 'row');
export const Cell = withContext(ark.td, 'cell');
export const Foot = withContext(ark.tfoot, 'footer');

export type RootProps = ComponentProps<typeof Root>;

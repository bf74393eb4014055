import { badge } from './badge';
import { button } from './button';
import { card } from './card';
import { datePicker } from './date-picker';
import { dialog } from './dialog';
import { field } from './field';
import { input } from './input';
import { menu } from './menu';
import { select } from './select';
import { table } from './table';
import { tabs } from './tabs';
import { toast } from './toast';

export const recipes = { button, input, badge };
export const slotRecipes = { field, card, table, tabs, dialog, menu, select, toast, datePicker };

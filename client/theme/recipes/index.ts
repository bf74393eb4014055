import { avatar } from './avatar';
import { badge } from './badge';
import { button } from './button';
import { card } from './card';
import { chart } from './chart';
import { checkbox } from './checkbox';
import { datePicker } from './date-picker';
import { dialog } from './dialog';
import { field } from './field';
import { fileUpload } from './file-upload';
import { input } from './input';
import { menu } from './menu';
import { notice } from './notice';
import { pagination } from './pagination';
import { segmentGroup } from './segment-group';
import { select } from './select';
import { skeleton } from './skeleton';
import { stat } from './stat';
import { table } from './table';
import { tabs } from './tabs';
import { textarea } from './textarea';
import { toast } from './toast';

export const recipes = { button, input, badge, textarea, skeleton };
export const slotRecipes = {
  field,
  card,
  table,
  tabs,
  dialog,
  menu,
  select,
  toast,
  datePicker,
  checkbox,
  stat,
  notice,
  pagination,
  chart,
  avatar,
  segmentGroup,
  fileUpload,
};

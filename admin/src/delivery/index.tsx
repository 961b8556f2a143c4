import EventBusyIcon from '@mui/icons-material/EventBusy';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import PinDropIcon from '@mui/icons-material/PinDrop';
import { HolidayCreate } from '@/delivery/holiday-create';
import { HolidayList } from '@/delivery/holiday-list';
import { PincodeList } from '@/delivery/pincode-list';
import { ZoneCreate } from '@/delivery/zone-create';
import { ZoneEdit } from '@/delivery/zone-edit';
import { ZoneList } from '@/delivery/zone-list';

/** /admin/delivery_zones: fees, transit, large items and COD per zone. */
export const deliveryZones = {
  list: ZoneList,
  create: ZoneCreate,
  edit: ZoneEdit,
  icon: LocalShippingIcon,
  recordRepresentation: 'name',
};
/** /admin/pincodes: the directory and each pincode's zone (read-only; uploads change it). */
export const pincodes = { list: PincodeList, icon: PinDropIcon, recordRepresentation: 'pincode' };
/** /admin/delivery_holidays: the cut-off, weekdays without delivery and holidays. */
export const deliveryHolidays = {
  list: HolidayList,
  create: HolidayCreate,
  icon: EventBusyIcon,
  recordRepresentation: 'name',
};

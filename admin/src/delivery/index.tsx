import EventBusyIcon from '@mui/icons-material/EventBusy';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import PinDropIcon from '@mui/icons-material/PinDrop';
import { lazyPage } from '@/lib/lazy-page';

// Each page is a chunk of its own, loaded when first opened (lib/lazy-page.ts).
const HolidayCreate = lazyPage(() => import('@/delivery/holiday-create'), 'HolidayCreate');
const HolidayList = lazyPage(() => import('@/delivery/holiday-list'), 'HolidayList');
const PincodeList = lazyPage(() => import('@/delivery/pincode-list'), 'PincodeList');
const ZoneCreate = lazyPage(() => import('@/delivery/zone-create'), 'ZoneCreate');
const ZoneEdit = lazyPage(() => import('@/delivery/zone-edit'), 'ZoneEdit');
const ZoneList = lazyPage(() => import('@/delivery/zone-list'), 'ZoneList');

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

/**
 * The columns of the one `store_settings` read (api/store-settings.ts), in a module without imports so
 * that the build can read them too: index.html's first-data lines (build/first-data.ts) ask for the
 * row on a product page (its stock text waits for the low-stock level) exactly as the page will.
 */
export const STORE_SETTINGS_COLUMNS =
  'cod_max_order_total,max_quantity_per_line,low_stock_threshold,order_cutoff,non_delivery_weekdays,legal_name,registered_address,gstin,pan,gst_state_code,grievance_officer_name,grievance_officer_designation,grievance_officer_email,grievance_officer_phone,grievance_officer_hours,customer_care_email,customer_care_phone,customer_care_hours,return_window_days,return_pickup_days' as const;

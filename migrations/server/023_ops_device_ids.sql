-- Issue 30: a device is a browser profile, not a page load. The app makes a new client id at every page load of a
-- tab (client/sync/store-client.ts), so the console counted a reloaded phone as a new device each time, and told
-- the operator that the outcome had "not reached yet" devices that were only earlier page loads. Every sync request
-- now also says the profile's device id (`x-device-id`, kept in the browser's local store); the console groups the
-- client ids of one device id into one device (sync-server/ops/command-detail.ts readDevices). Null: an app that
-- does not say one (its client id stands for the device).
ALTER TABLE ops_devices ADD COLUMN device_id text;

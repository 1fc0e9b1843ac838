/** The local cloud's output (its logs), kept in its data folder (`E2E_DATA_DIR`) for the tests to read. */
export const LOCAL_CLOUD_LOG = 'local-cloud.log';

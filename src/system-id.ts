/** The folder name under Data/systems/ and the namespace of settings and flags. */
export const SYSTEM_ID = "terran-engine";

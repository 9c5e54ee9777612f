/** The system's id: the folder name under Data/systems/ and the namespace of its settings and flags. */
export const SYSTEM_ID = "terran-engine";

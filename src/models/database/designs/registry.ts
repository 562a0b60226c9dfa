/** The database snapshot designs (the distributed-database case study) a scenario or the command line can name. */
import type { DatabaseDesign } from "../design.js";
import { namedList } from "../../../model-contract/named-list.js";
import { blocking, blockingUntilAllDone } from "./blocking.js";
import { chandyLamportRedo } from "./chandy-lamport-redo.js";
import { coordinator, coordinatorWithResume } from "./coordinator.js";

const designs = namedList<DatabaseDesign>([chandyLamportRedo, blocking, coordinator, blockingUntilAllDone, coordinatorWithResume], "database design");

export const designNames = designs.names;
export const findDesign = designs.find;

/** The database snapshot designs (seed 002) a scenario or the command line can name. */
import type { DatabaseDesign } from "../../models/database/design.js";
import { registry } from "../registry.js";
import { blocking, blockingUntilAllDone } from "./blocking.js";
import { chandyLamportRedo } from "./chandy-lamport-redo.js";
import { coordinator, coordinatorWithResume } from "./coordinator.js";

const designs = registry<DatabaseDesign>(
  [chandyLamportRedo, blocking, coordinator, blockingUntilAllDone, coordinatorWithResume],
  "database design",
);

export const designNames = designs.names;
export const findDesign = designs.find;

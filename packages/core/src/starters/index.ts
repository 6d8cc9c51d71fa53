import { certificate } from './certificate';
import { financialStatement } from './financial-statement';
import { invoice } from './invoice';
import { meetingMinutes } from './meeting-minutes';
import { monthlySalesReport } from './monthly-sales-report';
import { orderConfirmation } from './order-confirmation';
import { packingSlip } from './packing-slip';
import { purchaseOrder } from './purchase-order';
import { quote } from './quote';
import { receipt } from './receipt';
import { Starter } from './starter.schema';
import { timesheet } from './timesheet';

export { Starter, type StarterInput } from './starter.schema';

/** Every starter template, validated and with defaults applied, in the order they are offered. */
export const starters: readonly Starter[] = Object.freeze(
  [
    invoice,
    receipt,
    quote,
    purchaseOrder,
    monthlySalesReport,
    timesheet,
    certificate,
    packingSlip,
    financialStatement,
    meetingMinutes,
    orderConfirmation,
  ].map((input) => Starter.parse(input)),
);

const byId = new Map(starters.map((starter) => [starter.id, starter]));

/** The starter with this id, or undefined when there is none. */
export function getStarter(id: string): Starter | undefined {
  return byId.get(id);
}

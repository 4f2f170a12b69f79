// ServerTool implementations of agent.yaml: a fixed table of orders, so that
// every run (and every runtime) sees the same shop.
const ORDERS: Record<string, { status: string; amount: string }> = {
  A1001: { status: 'shipped', amount: '19.90 EUR' },
  A1002: { status: 'delivered', amount: '49.90 EUR' },
  A1003: { status: 'lost in transit', amount: '12.00 EUR' },
  A1004: { status: 'delivered', amount: '230.00 EUR' },
};

export const tools = {
  lookup_order: ({ order_id }: Record<string, unknown>): string => {
    const order = ORDERS[String(order_id)];
    return order ? `${String(order_id)}: ${order.status}, ${order.amount}` : `${String(order_id)}: no such order`;
  },
  refund_order: ({ order_id, reason }: Record<string, unknown>): string => `refund R-${String(order_id)} issued (${String(reason)})`,
  escalate: ({ summary }: Record<string, unknown>): string => `ticket T-${String(summary).length} opened`,
};

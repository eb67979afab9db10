-- A holder's instalments (spec §3 "Instalment (payment order)") in one call: NULL when p_person
-- does not hold p_contract (or there is no such contract), otherwise the contract's
-- payment_orders rows as a JSON array in instalment order (empty when it has none).
-- server/services/payment-orders.ts maps them to the API.
-- Why a function: GET /client/contract/payment-orders/:id is read on every visit to the
-- instalments, and as for holder_contracts (0001) planning the join each time cost more than
-- running it on the embedded PGlite; PL/pgSQL keeps both plans for the session.
CREATE OR REPLACE FUNCTION holder_payment_orders(p_person uuid, p_contract uuid)
RETURNS json
LANGUAGE plpgsql
STABLE
AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM holders h WHERE h.contract_id = p_contract AND h.person_id = p_person
  ) THEN
    RETURN NULL;
  END IF;
  RETURN coalesce(
    (SELECT json_agg(po ORDER BY po.installment, po.due_date, po.id)
       FROM payment_orders po
      WHERE po.contract_id = p_contract),
    '[]'::json
  );
END
$$;

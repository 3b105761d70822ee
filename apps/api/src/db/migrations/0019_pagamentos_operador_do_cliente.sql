-- A payment is credited to the customer's operator at payment time (docs/decisions/037-recibos.md), no
-- longer to whoever recorded it: PIX settled by the system and payments an admin recorded had none.
-- Their moment's operator is not kept anywhere, so the customer's current one is the best we have.
UPDATE pagamentos p SET operador_id = c.operador_id
FROM clientes c
WHERE c.id = p.cliente_id AND p.operador_id IS NULL AND c.operador_id IS NOT NULL;

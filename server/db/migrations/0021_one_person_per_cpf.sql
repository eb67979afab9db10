-- One person per CPF (compared as digits), held by the database so two writes at once cannot
-- both pass a check made before them. A database that already has two people with one CPF (the
-- API took them before this rule; the import never did) stops here, naming those people by id
-- (never by CPF: the message goes to logs) rather than with a bare unique violation: which
-- record is the person is the provider's call (merge them, or correct the wrong CPF), never a
-- guess made by a migration.
DO $$
DECLARE
  duplicated text;
BEGIN
  SELECT string_agg(people, '; ')
    INTO duplicated
    FROM (
      SELECT regexp_replace("cpf", '[^0-9]', '', 'g') AS cpf,
             string_agg(coalesce("external_id", "id"::text), ', ' ORDER BY "created_at") AS people
        FROM "persons"
       WHERE regexp_replace("cpf", '[^0-9]', '', 'g') <> ''
       GROUP BY 1
      HAVING count(*) > 1
    ) AS shared;
  IF duplicated IS NOT NULL THEN
    RAISE EXCEPTION 'Há pessoas com o mesmo CPF; cada grupo a seguir (id externo, ou id) tem um só CPF: %. Una os cadastros ou corrija o CPF errado e inicie o servidor de novo.', duplicated;
  END IF;
END $$;--> statement-breakpoint
CREATE UNIQUE INDEX "persons_cpf_idx" ON "persons" USING btree (nullif(regexp_replace("cpf", '[^0-9]', '', 'g'), ''));

-- A holder's full contracts (spec §3 "Contract (full)") in one call: each row is one contract as
-- JSON holding its raw rows (contract, holder, person, model, documents, dependents with their
-- person and type, and each person's files). server/services/contracts.ts maps them to the API.
-- Why a function: GET /client/contract/:id is the hot read (DESIGN.md §7) and planning this query
-- costs more than running it, above all on the embedded PGlite; PL/pgSQL keeps the plan for the
-- session. p_contract null means every contract of the holder.
CREATE OR REPLACE FUNCTION holder_contracts(p_person uuid, p_contract uuid)
RETURNS SETOF json
LANGUAGE plpgsql
STABLE
AS $$
BEGIN
  RETURN QUERY
  SELECT json_build_object(
    'contract', row_to_json(c),
    'holder', row_to_json(h),
    'person', row_to_json(p),
    'files', coalesce(
      (SELECT json_agg(f ORDER BY f.created_at, f.id) FROM files_attached f WHERE f.person_id = p.id),
      '[]'::json
    ),
    'model', row_to_json(m),
    'documents', coalesce(
      (SELECT json_agg(d ORDER BY d.name, d.id)
         FROM model_contract_documents d
        WHERE d.model_contract_id = m.id),
      '[]'::json
    ),
    'dependents', coalesce(
      (SELECT json_agg(
                json_build_object(
                  'dependent', row_to_json(dep),
                  'type', row_to_json(t),
                  'person', row_to_json(dp),
                  'files', coalesce(
                    (SELECT json_agg(f ORDER BY f.created_at, f.id)
                       FROM files_attached f
                      WHERE f.person_id = dp.id),
                    '[]'::json
                  )
                )
                ORDER BY dep.created_at, dep.id
              )
         FROM dependents dep
         JOIN persons dp ON dp.id = dep.person_id
         LEFT JOIN dependent_types t ON t.id = dep.dependent_type_id
        WHERE dep.contract_id = c.id),
      '[]'::json
    )
  )
  FROM holders h
  JOIN contracts c ON c.id = h.contract_id
  JOIN persons p ON p.id = h.person_id
  JOIN model_contracts m ON m.id = c.model_contract_id
  WHERE h.person_id = p_person
    AND (p_contract IS NULL OR c.id = p_contract)
  ORDER BY c.created_at, c.id;
END
$$;

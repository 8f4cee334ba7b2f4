CREATE INDEX "receipts_tenant_sold_idx" ON "receipts" USING btree ("tenant_id","seller_id","sale_date") WHERE "receipts"."kind" = 'receipt' and "receipts"."status" = 'sold';--> statement-breakpoint
-- A receipt's total (03 §9: Σ value × quantity of its lines, quantity 1 when missing, else its
-- value), the back office's sort by total. Written by hand: drizzle-kit declares neither
-- functions nor expression indexes (packages/db/src/schema/sales.ts names them).
CREATE FUNCTION "receipt_total"("lines" jsonb, "value" numeric) RETURNS numeric
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    select case when jsonb_array_length("lines") > 0
      then (select coalesce(sum(coalesce(("line"->>'value')::numeric, 0)
        * coalesce(("line"->>'quantity')::numeric, 1)), 0) from jsonb_array_elements("lines") as "line")
      else coalesce("value", 0) end
  $$;--> statement-breakpoint
CREATE INDEX "receipts_tenant_total_idx" ON "receipts" USING btree
  ("tenant_id", "kind", "receipt_total"("product_lines", "value"), "id");

-- Keys lead with tenant_id (issue #37 item 5: sharding by tenant).
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_subscription_id_webhook_subscriptions_id_fk";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_pkey";--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" DROP CONSTRAINT "webhook_subscriptions_pkey";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD CONSTRAINT "webhook_subscriptions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id");--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_subscription_fk" FOREIGN KEY ("tenant_id","subscription_id") REFERENCES "public"."webhook_subscriptions"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_id_idx" ON "webhook_deliveries" USING btree ("id");--> statement-breakpoint
CREATE INDEX "webhook_subscriptions_id_idx" ON "webhook_subscriptions" USING btree ("id");

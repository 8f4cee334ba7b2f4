CREATE TABLE "api_token_calls" (
	"tenant_id" uuid NOT NULL,
	"token_id" uuid NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"calls" integer NOT NULL,
	CONSTRAINT "api_token_calls_tenant_id_token_id_pk" PRIMARY KEY("tenant_id","token_id")
);

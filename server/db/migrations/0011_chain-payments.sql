ALTER TABLE "coin_types" ADD COLUMN "network" text;--> statement-breakpoint
ALTER TABLE "coin_types" ADD COLUMN "tx_hash_format" text DEFAULT 'hex64-or-0x' NOT NULL;--> statement-breakpoint
ALTER TABLE "coin_types" ADD COLUMN "explorer_url" text;--> statement-breakpoint
ALTER TABLE "funding_requests" ADD COLUMN "tx_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "funding_requests_coin_tx_hash_key" ON "funding_requests" USING btree ("coin_type","tx_hash") WHERE "funding_requests"."status" <> 'declined';--> statement-breakpoint
ALTER TABLE "funding_requests" ADD CONSTRAINT "funding_requests_tx_hash_shape" CHECK ("funding_requests"."tx_hash" ~ '^[0-9a-f]{64}$');--> statement-breakpoint
-- The demo's coins are test-network coins, and say so: an address on Bitcoin testnet, Ethereum
-- Sepolia and Tron Nile each (nothing of value can be sent to them), the network's name, how
-- its transaction hashes are written and its explorer for the operators. Matched by the demo's
-- placeholder addresses, so a bank's own coins are never touched. A new database is seeded
-- after its migrations, so the seed (server/seed/demo-data.ts) has to give a new one the same.
UPDATE "coin_types" SET
  "address" = 'tb1q6fu7pprt9kzm0d5pvm6x78p7f6pm40ju9pc2jm',
  "network" = 'Bitcoin testnet',
  "tx_hash_format" = 'hex64',
  "explorer_url" = 'https://mempool.space/testnet4/tx/{hash}'
WHERE "name" = 'Bitcoin (BTC)' AND "address" = 'bc1qdemo0addr3ss0not0real0for0payments0xyz';
--> statement-breakpoint
UPDATE "coin_types" SET
  "address" = '0xd25afdbf98f4d8d695c20967ea75cc7db38274cb',
  "network" = 'Ethereum Sepolia testnet',
  "tx_hash_format" = '0x-hex64',
  "explorer_url" = 'https://sepolia.etherscan.io/tx/{hash}'
WHERE "name" = 'Ethereum (ETH)' AND "address" = '0xDem0Addre55NotRealForPayments000000000001';
--> statement-breakpoint
UPDATE "coin_types" SET
  "address" = 'TT1yG7VaFcsX4NTfVYAjkSCmYn5qKdeRcb',
  "network" = 'Tron Nile testnet',
  "tx_hash_format" = 'hex64',
  "explorer_url" = 'https://nile.tronscan.org/#/transaction/{hash}'
WHERE "name" = 'Tether (USDT TRC20)' AND "address" = 'TDemoAddressNotRealForPayments00001';

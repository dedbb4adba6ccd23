-- How many customers each plan has (docs/decisions/103), kept by statement triggers on users:
-- one change of the counts per statement, whatever it touches, and none when no customer
-- changed plan (a sign-in's update leaves them alone). Plans are updated in name order, so two
-- statements take their rows' locks in the same order.
CREATE FUNCTION customer_plan_counts_v1() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM customer_plan_counts;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO customer_plan_counts (plan, customers)
      SELECT current_plan, count(*) FROM new_users WHERE role = 'customer'
      GROUP BY current_plan ORDER BY current_plan
    ON CONFLICT (plan) DO UPDATE SET customers = customer_plan_counts.customers + excluded.customers;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO customer_plan_counts (plan, customers)
      SELECT current_plan, -count(*) FROM old_users WHERE role = 'customer'
      GROUP BY current_plan ORDER BY current_plan
    ON CONFLICT (plan) DO UPDATE SET customers = customer_plan_counts.customers + excluded.customers;
  ELSE
    INSERT INTO customer_plan_counts (plan, customers)
      SELECT plan, sum(n) FROM (
        SELECT current_plan AS plan, 1 AS n FROM new_users WHERE role = 'customer'
        UNION ALL
        SELECT current_plan, -1 FROM old_users WHERE role = 'customer'
      ) AS moved
      GROUP BY plan HAVING sum(n) <> 0 ORDER BY plan
    ON CONFLICT (plan) DO UPDATE SET customers = customer_plan_counts.customers + excluded.customers;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_plan_counts_insert" AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS new_users FOR EACH STATEMENT EXECUTE FUNCTION customer_plan_counts_v1();
--> statement-breakpoint
CREATE TRIGGER "users_plan_counts_update" AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS old_users NEW TABLE AS new_users
  FOR EACH STATEMENT EXECUTE FUNCTION customer_plan_counts_v1();
--> statement-breakpoint
CREATE TRIGGER "users_plan_counts_delete" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS old_users FOR EACH STATEMENT EXECUTE FUNCTION customer_plan_counts_v1();
--> statement-breakpoint
CREATE TRIGGER "users_plan_counts_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION customer_plan_counts_v1();
--> statement-breakpoint
INSERT INTO customer_plan_counts (plan, customers)
  SELECT current_plan, count(*) FROM users WHERE role = 'customer' GROUP BY current_plan;

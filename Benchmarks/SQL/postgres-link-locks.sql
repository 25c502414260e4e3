-- The statement that locks a save's link rows (WriteSQL.lockLinksInKeyOrder), before and after session 16,
-- on a link table of 1,000,000 rows (100,000 owners with 10 links each, 1,000 distinct members), as the
-- store sends it: an unnamed statement planned with its arguments (a custom plan). Run against a scratch
-- database; it creates and drops the table bench_link:
--
--   eval "$(Scripts/postgres-cluster.sh start)"
--   psql "$MODELGEN_POSTGRES_URL" -f Benchmarks/SQL/postgres-link-locks.sql | grep -E "Execution Time|^ case"
--   Scripts/postgres-cluster.sh stop "$MODELGEN_POSTGRES_DIR"
\set QUIET on
SET client_min_messages = warning;
DROP TABLE IF EXISTS bench_link;
CREATE TABLE bench_link (a bigint NOT NULL, b bigint NOT NULL, a_pos integer, b_pos integer, UNIQUE (a, b));
CREATE INDEX bench_link_b ON bench_link (b);
INSERT INTO bench_link SELECT i / 10, i % 1000 + 5000000, 0, 0 FROM generate_series(0, 999999) i ON CONFLICT DO NOTHING;
ANALYZE bench_link;
SELECT '{5,6,7}' AS small_a, '{5000050,5000060,5000070}' AS small_b \gset
SELECT array_agg((i * 37 % 100000)::bigint)::text AS large_a,
       array_agg(((i * 37 % 100000) * 10 % 1000 + 5000000)::bigint)::text AS large_b
FROM generate_series(1, 5000) i \gset
PREPARE before_16(bigint[], bigint[], bigint[], bigint[]) AS
    SELECT count(*) FROM (SELECT 1 FROM bench_link WHERE ("a", "b") IN (SELECT * FROM unnest($1, $2))
    OR "a" = ANY($3) OR "b" = ANY($4) ORDER BY "a", "b" FOR UPDATE) AS locked;
PREPARE after_16(bigint[], bigint[], bigint[], bigint[]) AS
    SELECT count(*) FROM (SELECT 1 FROM bench_link WHERE ("a" = ANY($1) AND ("a", "b") IN (SELECT * FROM unnest($1, $2)))
    OR "a" = ANY($3) OR "b" = ANY($4) ORDER BY "a", "b" FOR UPDATE) AS locked;
\set QUIET off
SELECT 'case: 3 links, before' AS "case";
BEGIN; EXPLAIN ANALYZE EXECUTE before_16(:'small_a', :'small_b', '{}', '{}'); ROLLBACK;
SELECT 'case: 3 links, after' AS "case";
BEGIN; EXPLAIN ANALYZE EXECUTE after_16(:'small_a', :'small_b', '{}', '{}'); ROLLBACK;
SELECT 'case: 5,000 links, before' AS "case";
BEGIN; EXPLAIN ANALYZE EXECUTE before_16(:'large_a', :'large_b', '{}', '{7}'); ROLLBACK;
SELECT 'case: 5,000 links, after' AS "case";
BEGIN; EXPLAIN ANALYZE EXECUTE after_16(:'large_a', :'large_b', '{}', '{7}'); ROLLBACK;
DROP TABLE bench_link;

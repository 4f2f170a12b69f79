-- The database of the text-to-SQL example (shop.db is built from this file:
-- node examples/eval/text-to-sql/make-db.mjs).
CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT NOT NULL);
CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT NOT NULL, category TEXT NOT NULL, price REAL NOT NULL);
CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(id), product_id INTEGER NOT NULL REFERENCES products(id), quantity INTEGER NOT NULL, ordered_on TEXT NOT NULL);
INSERT INTO customers VALUES (1, 'Ada', 'CH'), (2, 'Bo', 'SE'), (3, 'Chen', 'CH'), (4, 'Dana', 'US'), (5, 'Emil', 'DE');
INSERT INTO products VALUES (1, 'Kettle', 'kitchen', 39.9), (2, 'Toaster', 'kitchen', 29.5), (3, 'Lamp', 'living', 45.0), (4, 'Rug', 'living', 120.0), (5, 'Pan', 'kitchen', 24.0);
INSERT INTO orders VALUES
  (1, 1, 1, 1, '2026-01-03'), (2, 1, 3, 2, '2026-01-09'), (3, 2, 2, 1, '2026-02-11'), (4, 3, 4, 1, '2026-02-14'),
  (5, 3, 5, 3, '2026-03-01'), (6, 4, 1, 2, '2026-03-02'), (7, 4, 3, 1, '2026-03-20'), (8, 2, 5, 1, '2026-04-05');

-- Trigram indexes make the catalogue's hostname search ("contains") fast.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

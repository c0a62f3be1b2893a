-- Issue 25 "Speed" (decision 1905): iris_records.investor_id is a copy of its form's investor
-- (tax_forms.investor_id, itself a foreign key to investors), kept for the index that finds an
-- investor's records. Its own foreign key checked, and row-locked, the investor once more for
-- every record of a batch: a third of the time of a 900,000-record IRIS batch. The form's key
-- still holds the investor; the batch writes the copy from the form in the same statement.
ALTER TABLE "iris_records" DROP CONSTRAINT "iris_records_investor_id_fkey";

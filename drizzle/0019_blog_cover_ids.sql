-- A post's cover is a file its project's upload stored (issue 28): covers saved while only the
-- URL's prefix was checked (`../` into another project's folder, outside URLs) are dropped.
UPDATE "blog_posts" SET "cover_url" = NULL, "cover_alt" = ''
WHERE "cover_url" IS NOT NULL
	AND "cover_url" !~ ('^/api/files/public/blog/' || "project_id"::text || '/[0-9a-f]{16}\.webp$');

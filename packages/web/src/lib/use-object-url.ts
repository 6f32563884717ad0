import { useEffect, useState } from 'react';

/**
 * An object URL for a file the visitor chose, so the page can play it without uploading it
 * again; revoked when the file changes or the page goes, so the browser frees it.
 */
export function useObjectUrl(file: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}

import { clipboardContent, copyFormattedText } from './clipboard.ts';
import { blobText } from './test-helpers.tsx';

const POST = [
  '# Sleep Better Tonight',
  '',
  '**Meta description:** Simple habits for *deeper* sleep.',
  '',
  '## Keep a rhythm',
  '',
  '- Go to bed at the same time',
  '- Read [the guide](https://example.com/guide)',
  '',
  '1. Dim the lights',
  '2. Put the phone away',
  '',
  'A <script>alert(1)</script> tag is not copied.',
].join('\n');

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('clipboardContent', () => {
  it('gives the formatted text as HTML', () => {
    const { html } = clipboardContent(POST);
    expect(html).toContain('<h1>Sleep Better Tonight</h1>');
    expect(html).toContain('<strong>Meta description:</strong>');
    expect(html).toContain('<em>deeper</em>');
    expect(html).toContain('<li>Go to bed at the same time</li>');
    expect(html).toContain('<a href="https://example.com/guide">the guide</a>');
    expect(html).toContain('<ol>');
    expect(html).not.toContain('<script>');
  });

  it('gives the plain words without markdown marks', () => {
    const { plain } = clipboardContent(POST);
    expect(plain).toBe(
      [
        'Sleep Better Tonight',
        '',
        'Meta description: Simple habits for deeper sleep.',
        '',
        'Keep a rhythm',
        '',
        '• Go to bed at the same time\n• Read the guide',
        '',
        '1. Dim the lights\n2. Put the phone away',
        '',
        'A alert(1) tag is not copied.',
      ].join('\n'),
    );
    expect(plain).not.toMatch(/[#*]/);
  });
});

describe('copyFormattedText', () => {
  it('puts HTML and plain text on the clipboard together', async () => {
    const write = vi.fn(async (_items: ClipboardItem[]) => {});
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', {
      value: { write, writeText },
      configurable: true,
    });
    class FakeClipboardItem {
      constructor(readonly items: Record<string, Blob>) {}
      get types() {
        return Object.keys(this.items);
      }
    }
    vi.stubGlobal('ClipboardItem', FakeClipboardItem);

    await copyFormattedText('# Title\n\n**Bold** words');
    expect(writeText).not.toHaveBeenCalled();
    expect(write).toHaveBeenCalledTimes(1);
    const item = write.mock.calls[0]![0][0] as unknown as FakeClipboardItem;
    expect(item.types.sort()).toEqual(['text/html', 'text/plain']);
    expect(item.items['text/html']!.type).toBe('text/html');
    expect(await blobText(item.items['text/html']!)).toBe(
      '<h1>Title</h1>\n<p><strong>Bold</strong> words</p>',
    );
    expect(await blobText(item.items['text/plain']!)).toBe('Title\n\nBold words');
  });

  it('falls back to the plain text where the browser has no ClipboardItem', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    vi.stubGlobal('ClipboardItem', undefined);
    await copyFormattedText('# Title\n\n**Bold** words');
    expect(writeText).toHaveBeenCalledWith('Title\n\nBold words');
  });

  it('rejects where there is no clipboard, for the caller to log', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    await expect(copyFormattedText('Text')).rejects.toThrow(/clipboard/);
  });
});

/**
 * The rich text toolbar offers only what the server keeps (bold, italic, headings h2–h4, lists,
 * links): a button for underline or code would format text that then vanishes on save.
 */
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useEditorState } from '@tiptap/react';
import { ClearButtons, LinkButtons, ListButtons, RichTextInputToolbar, useTiptapEditor } from 'ra-input-rich-text';

const MARKS = [
  { mark: 'bold', label: 'Bold', Icon: FormatBold },
  { mark: 'italic', label: 'Italic', Icon: FormatItalic },
] as const;

function BoldItalicButtons() {
  const editor = useTiptapEditor();
  const active = useEditorState({ editor, selector: ({ editor: current }) => (current ? MARKS.filter(({ mark }) => current.isActive(mark)).map(({ mark }) => mark) : []) }) ?? [];
  return (
    <ToggleButtonGroup size="small" value={active} disabled={!editor?.isEditable}>
      {MARKS.map(({ mark, label, Icon }) => (
        <ToggleButton key={mark} value={mark} aria-label={label} title={label} onClick={() => editor?.chain().focus().toggleMark(mark).run()}>
          <Icon fontSize="inherit" />
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

export function SafeRichTextToolbar() {
  return (
    <RichTextInputToolbar>
      <BoldItalicButtons />
      <ListButtons />
      <LinkButtons />
      <ClearButtons />
    </RichTextInputToolbar>
  );
}

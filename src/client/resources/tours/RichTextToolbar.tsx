/**
 * The rich text toolbar offers only what the server keeps (bold, italic, headings h2–h4, lists,
 * links): a button for underline or code would format text that then vanishes on save.
 */
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useEditorState } from '@tiptap/react';
import { useTranslate } from 'react-admin';
import { ClearButtons, LinkButtons, ListButtons, RichTextInputToolbar, useTiptapEditor } from 'ra-input-rich-text';

const MARKS = [
  { mark: 'bold', label: 'tours.rich_text.bold', Icon: FormatBold },
  { mark: 'italic', label: 'tours.rich_text.italic', Icon: FormatItalic },
] as const;

function BoldItalicButtons() {
  const editor = useTiptapEditor();
  const translate = useTranslate();
  const active = useEditorState({ editor, selector: ({ editor: current }) => (current ? MARKS.filter(({ mark }) => current.isActive(mark)).map(({ mark }) => mark) : []) }) ?? [];
  return (
    <ToggleButtonGroup size="small" value={active} disabled={!editor?.isEditable}>
      {MARKS.map(({ mark, label, Icon }) => (
        <ToggleButton key={mark} value={mark} aria-label={translate(label)} title={translate(label)} onClick={() => editor?.chain().focus().toggleMark(mark).run()}>
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

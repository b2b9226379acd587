import { create } from 'zustand';

export interface Notice {
  id: number;
  text: string;
  tone: 'info' | 'error';
}

/** Short messages about actions (a retry started, a cancel refused), read out politely and gone after a while. */
interface NoticesState {
  notices: Notice[];
  push(text: string, tone?: Notice['tone']): void;
  dismiss(id: number): void;
}

let nextId = 0;
const SHOWN_MS = 6000;

export const useNotices = create<NoticesState>()((set, get) => ({
  notices: [],
  push(text, tone = 'info') {
    const id = ++nextId;
    set((state) => ({ notices: [...state.notices.slice(-3), { id, text, tone }] }));
    setTimeout(() => get().dismiss(id), SHOWN_MS);
  },
  dismiss(id) {
    set((state) => ({ notices: state.notices.filter((notice) => notice.id !== id) }));
  },
}));
